//! Time stretching with the pitch kept: WSOLA (waveform-similarity overlap-add), which suits
//! speech. Hann frames of two hops are overlap-added a hop apart; each frame is taken from near
//! where the tempo says the input has got to, at the offset whose start best continues the
//! frame before (by dot product, over every channel).
//!
//! The geometry and the placement follow the `wsola` crate (MIT), which searched every offset
//! within the range at full resolution, one serial sum at a time: that search was 77% of the
//! time an MP3 took at another speed (perf, a 10-minute track). Here the search runs first over
//! every `DECIMATION`th offset comparing every `DECIMATION`th frame, then over the offsets
//! around the best of those at full resolution, and its sums are written so that the compiler
//! vectorizes them.

/// Synthesis hop (half a frame), and how far either side of the ideal position a frame may
/// start: 15 ms and 12 ms, as the `wsola` crate tunes them for speech.
const HOP_SECONDS: f64 = 0.015;
const SEARCH_SECONDS: f64 = 0.012;
/// The coarse search's step. Voiced speech repeats every 3 to 10 ms; at 22.05 kHz a step of
/// four frames (0.18 ms) still lands within a quarter period of every peak, which the fine
/// search then finds exactly.
const DECIMATION: usize = 4;
/// Input kept behind the next frame's earliest start before it is dropped, in frames: dropping
/// in batches keeps it amortized.
const COMPACT_AFTER: usize = 1 << 16;

/// A streaming stretcher over interleaved samples.
pub struct Stretch {
    channels: usize,
    tempo: f64,
    hop: usize,
    search: usize,
    /// A periodic Hann window of two hops: overlapping by half, its copies sum to one.
    window: Vec<f32>,
    /// Interleaved input, frames `origin..origin + input.len() / channels`.
    input: Vec<f32>,
    origin: usize,
    /// Whether the first frame is placed.
    primed: bool,
    /// Where the tempo says the next frame would start, in input frames.
    ideal: f64,
    /// Where the last frame placed started.
    last_src: usize,
    /// The last frame's second half, windowed, waiting for the next frame's first.
    tail: Vec<f32>,
    output: Vec<f32>,
}

impl Stretch {
    /// `tempo` times as fast (0.5 is half speed); `channels` must be at least one.
    pub fn new(sample_rate: u32, channels: u16, tempo: f32) -> Stretch {
        let frames = |seconds: f64| ((f64::from(sample_rate) * seconds).round() as usize).max(1);
        let hop = frames(HOP_SECONDS);
        let channels = usize::from(channels.max(1));
        Stretch {
            channels,
            tempo: f64::from(tempo),
            hop,
            search: frames(SEARCH_SECONDS),
            window: (0..2 * hop)
                .map(|i| 0.5 - 0.5 * (std::f32::consts::TAU * i as f32 / (2 * hop) as f32).cos())
                .collect(),
            input: Vec::new(),
            origin: 0,
            primed: false,
            ideal: 0.0,
            last_src: 0,
            tail: vec![0.0; hop * channels],
            output: Vec::new(),
        }
    }

    /// Adds interleaved input (whole frames).
    pub fn push(&mut self, samples: &[f32]) {
        self.input.extend_from_slice(samples);
    }

    /// The output the input so far allows, interleaved.
    pub fn pull(&mut self) -> Vec<f32> {
        while self.step(false) {}
        std::mem::take(&mut self.output)
    }

    /// The rest of the output, once the input has ended.
    pub fn finish(mut self) -> Vec<f32> {
        while self.step(true) {}
        if self.primed {
            self.output.extend_from_slice(&self.tail);
        }
        self.output
    }

    fn end(&self) -> usize {
        self.origin + self.input.len() / self.channels
    }

    /// The interleaved samples of `len` frames from frame `from`.
    fn frames(&self, from: usize, len: usize) -> &[f32] {
        let start = (from - self.origin) * self.channels;
        &self.input[start..start + len * self.channels]
    }

    /// Places one frame; false when that needs more input (or, `draining`, when none is left).
    fn step(&mut self, draining: bool) -> bool {
        let (hop, end) = (self.hop, self.end());
        if !self.primed {
            if self.origin + 2 * hop > end {
                return false;
            }
            let src = self.origin;
            self.place(src, false);
            self.ideal = src as f64 + self.analysis_hop();
            self.primed = true;
            return true;
        }
        let base = self.ideal.round() as usize;
        let target = self.last_src + hop;
        // Unless the input has ended, wait for the whole range, so that a frame's place does not
        // depend on how the input arrived.
        let needed = (base + self.search + 2 * hop).max(target + hop);
        if (!draining && needed > end) || target + hop > end || end < self.origin + 2 * hop {
            return false;
        }
        let lo = base.saturating_sub(self.search).max(self.origin);
        let hi = (base + self.search).min(end - 2 * hop);
        if hi < lo {
            return false;
        }
        let src = self.best_start(lo, hi, target);
        self.place(src, true);
        self.ideal += self.analysis_hop();
        self.compact();
        true
    }

    fn analysis_hop(&self) -> f64 {
        self.hop as f64 * self.tempo
    }

    /// Overlap-adds the frame starting at `src`: its first half onto the tail (or alone, for
    /// the first frame) goes out; its second half becomes the tail.
    fn place(&mut self, src: usize, overlap: bool) {
        let (hop, ch) = (self.hop, self.channels);
        let start = (src - self.origin) * ch;
        let (first, second) = self.input[start..start + 2 * hop * ch].split_at(hop * ch);
        let (rise, fall) = self.window.split_at(hop);
        let out_start = self.output.len();
        self.output.extend(windowed(first, rise, ch));
        if overlap {
            for (out, tail) in self.output[out_start..].iter_mut().zip(&self.tail) {
                *out += tail;
            }
        }
        self.tail.clear();
        self.tail.extend(windowed(second, fall, ch));
        self.last_src = src;
    }

    /// The start in `lo..=hi` whose first hop best matches the hop at `target`.
    fn best_start(&self, lo: usize, hi: usize, target: usize) -> usize {
        let (hop, ch) = (self.hop, self.channels);
        let wanted = self.frames(target, hop);
        // Coarse: every DECIMATION-th frame of the target against every DECIMATION-th frame of
        // the range, so that candidate j's frames are a contiguous run of the decimated range.
        let decimate = |from: usize, len: usize| -> Vec<f32> {
            self.frames(from, len)
                .chunks_exact(ch)
                .step_by(DECIMATION)
                .flatten()
                .copied()
                .collect()
        };
        let coarse_wanted = decimate(target, hop);
        let coarse_range = decimate(lo, hi - lo + hop);
        let candidates = (hi - lo) / DECIMATION + 1;
        let mut coarse_best = lo;
        let mut best_score = f32::NEG_INFINITY;
        for j in 0..candidates {
            let score = dot(&coarse_range[j * ch..], &coarse_wanted);
            if score > best_score {
                best_score = score;
                coarse_best = lo + j * DECIMATION;
            }
        }
        // Fine: every frame within a coarse step of the coarse best.
        let from = coarse_best.saturating_sub(DECIMATION - 1).max(lo);
        let to = (coarse_best + DECIMATION - 1).min(hi);
        let mut best = coarse_best;
        let mut best_score = f32::NEG_INFINITY;
        for cand in from..=to {
            let score = dot(self.frames(cand, hop), wanted);
            if score > best_score {
                best_score = score;
                best = cand;
            }
        }
        best
    }

    /// Drops input no later frame can read.
    fn compact(&mut self) {
        let next_lo = (self.ideal.round() as usize).saturating_sub(self.search);
        let keep_from = self.last_src.min(next_lo);
        if keep_from > self.origin + COMPACT_AFTER {
            self.input
                .drain(..(keep_from - self.origin) * self.channels);
            self.origin = keep_from;
        }
    }
}

/// The interleaved frames of `half`, each scaled by its value of `window`.
fn windowed<'a>(
    half: &'a [f32],
    window: &'a [f32],
    channels: usize,
) -> impl Iterator<Item = f32> + 'a {
    half.chunks_exact(channels)
        .zip(window)
        .flat_map(|(frame, &w)| frame.iter().map(move |&v| v * w))
}

/// Σ a·b over the shorter length, in eight independent sums, so that the loop vectorizes (one
/// running sum is a chain of dependent additions the compiler may not reorder).
fn dot(a: &[f32], b: &[f32]) -> f32 {
    let n = a.len().min(b.len());
    let (a, b) = (&a[..n], &b[..n]);
    let mut sums = [0.0f32; 8];
    let (a8, b8) = (a.chunks_exact(8), b.chunks_exact(8));
    let tail: f32 = a8
        .remainder()
        .iter()
        .zip(b8.remainder())
        .map(|(x, y)| x * y)
        .sum();
    for (x, y) in a8.zip(b8) {
        for i in 0..8 {
            sums[i] += x[i] * y[i];
        }
    }
    sums.iter().sum::<f32>() + tail
}

#[cfg(test)]
mod tests;
