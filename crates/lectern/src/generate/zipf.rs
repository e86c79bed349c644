//! Zipf–Mandelbrot ranks, `P(k) ∝ 1 / (k + q)^s`, drawn from a precomputed cumulative table.
//!
//! Written here rather than taken from `rand_distr::Zipf` because the generator draws some fifty
//! ranks a title within a budget of a few microseconds: a binary search over a table is a handful
//! of comparisons and exactly one random number a draw, where rejection sampling takes a
//! variable number of `powf` calls. The offset `q` flattens the head (the most popular author
//! should have hundreds of titles in a million, not tens of thousands).

use rand::Rng;

pub struct Zipf {
    /// `cumulative[k]` is P(rank <= k) scaled to `u64::MAX`.
    cumulative: Vec<u64>,
    /// `guide[b]`: how many entries of `cumulative` lie below the first draw whose top
    /// `GUIDE_BITS` bits are `b`. A draw's rank lies between its bucket's entry and the next, so
    /// the search covers a few entries, not the whole table, and finds the same rank (perf had
    /// put the whole-table search, mostly cache misses, at 7% of the generator's thread).
    guide: Vec<u32>,
}

const GUIDE_BITS: u32 = 12;

impl Zipf {
    /// Ranks `0..n` with exponent `s` and head offset `q`.
    pub fn new(n: usize, s: f64, q: f64) -> Zipf {
        assert!(n > 0, "a Zipf table needs at least one rank");
        let weights: Vec<f64> = (0..n).map(|k| (k as f64 + 1.0 + q).powf(-s)).collect();
        let total: f64 = weights.iter().sum();
        let mut running = 0.0;
        let mut cumulative: Vec<u64> = weights
            .iter()
            .map(|w| {
                running += w;
                // Saturating float-to-int cast: the last entry may round to just under 1.
                (running / total * u64::MAX as f64) as u64
            })
            .collect();
        if let Some(last) = cumulative.last_mut() {
            *last = u64::MAX;
        }
        let guide = (0..=1u64 << GUIDE_BITS)
            .map(|b| {
                // The end bucket's first draw would be 2^64: every entry lies below it.
                let i = if b == 1 << GUIDE_BITS {
                    cumulative.len()
                } else {
                    cumulative.partition_point(|&c| c < b << (64 - GUIDE_BITS))
                };
                u32::try_from(i).unwrap_or(u32::MAX)
            })
            .collect();
        Zipf { cumulative, guide }
    }

    /// A rank in `0..n`, 0 the most frequent.
    pub fn sample(&self, rng: &mut impl Rng) -> usize {
        self.rank_of(rng.random())
    }

    /// The rank of draw `u`.
    fn rank_of(&self, u: u64) -> usize {
        let bucket = (u >> (64 - GUIDE_BITS)) as usize;
        let (from, to) = (self.guide[bucket] as usize, self.guide[bucket + 1] as usize);
        (from + self.cumulative[from..to].partition_point(|&c| c < u))
            .min(self.cumulative.len() - 1)
    }
}

#[cfg(test)]
mod tests {
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    use super::*;

    fn draws(seed: u64, zipf: &Zipf) -> Vec<usize> {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        (0..1000).map(|_| zipf.sample(&mut rng)).collect()
    }

    #[test]
    fn the_same_seed_draws_the_same_ranks() {
        let zipf = Zipf::new(3000, 1.0, 0.0);
        assert_eq!(draws(7, &zipf), draws(7, &zipf));
        assert_ne!(draws(7, &zipf), draws(8, &zipf));
        assert!(draws(7, &zipf).iter().all(|&k| k < 3000));
    }

    #[test]
    fn low_ranks_are_drawn_far_more_often_than_high_ones() {
        let zipf = Zipf::new(1000, 1.0, 0.0);
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        let mut counts = vec![0u32; 1000];
        for _ in 0..100_000 {
            counts[zipf.sample(&mut rng)] += 1;
        }
        // With s = 1 over 1000 ranks, rank 0 takes 1/H(1000) ≈ 13% and rank 9 a tenth of that.
        assert!((12_000..15_000).contains(&counts[0]), "{}", counts[0]);
        assert!((1_000..1_700).contains(&counts[9]), "{}", counts[9]);
        assert!(counts[500..].iter().sum::<u32>() < counts[0]);
    }

    #[test]
    fn the_guide_finds_the_rank_a_whole_search_finds() {
        for zipf in [
            Zipf::new(1, 1.2, 5.0),
            Zipf::new(7, 1.0, 0.0),
            Zipf::new(50_000, 1.07, 2.7),
        ] {
            let whole = |u: u64| {
                zipf.cumulative
                    .partition_point(|&c| c < u)
                    .min(zipf.cumulative.len() - 1)
            };
            let mut rng = ChaCha8Rng::seed_from_u64(5);
            let edges = zipf
                .cumulative
                .iter()
                .flat_map(|&c| [c.saturating_sub(1), c, c.saturating_add(1)]);
            for u in edges
                .chain([0, u64::MAX])
                .chain((0..20_000).map(|_| rng.random()))
            {
                assert_eq!(zipf.rank_of(u), whole(u), "draw {u}");
            }
        }
    }

    #[test]
    fn a_single_rank_is_always_drawn() {
        let zipf = Zipf::new(1, 1.2, 5.0);
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        assert!((0..100).all(|_| zipf.sample(&mut rng) == 0));
    }
}
