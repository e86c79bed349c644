//! The playback speed of an MP3 resource (document 1): 0.5 to 3.5 in steps of 0.05, default 1.

use std::fmt;
use std::str::FromStr;

/// A playback speed, kept in hundredths so that it compares, stores and names files exactly.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct PlaybackSpeed(u16);

impl PlaybackSpeed {
    pub const NORMAL: PlaybackSpeed = PlaybackSpeed(100);
    const SLOWEST: u16 = 50;
    const FASTEST: u16 = 350;
    const STEP: u16 = 5;

    /// From hundredths (150 is 1.5), as the store keeps it.
    pub fn from_hundredths(hundredths: u16) -> Result<Self, String> {
        if !(Self::SLOWEST..=Self::FASTEST).contains(&hundredths) {
            return Err("must be from 0.5 to 3.5".into());
        }
        if !hundredths.is_multiple_of(Self::STEP) {
            return Err("must be from 0.5 to 3.5 in steps of 0.05".into());
        }
        Ok(Self(hundredths))
    }

    pub fn hundredths(self) -> u16 {
        self.0
    }

    /// How many times as fast as recorded.
    pub fn factor(self) -> f32 {
        f32::from(self.0) / 100.0
    }
}

impl FromStr for PlaybackSpeed {
    type Err = String;

    fn from_str(raw: &str) -> Result<Self, String> {
        let value: f64 = raw
            .trim()
            .parse()
            .map_err(|_| "must be a number from 0.5 to 3.5".to_owned())?;
        if !value.is_finite() {
            return Err("must be a number from 0.5 to 3.5".into());
        }
        let hundredths = value * 100.0;
        // Clients send decimals such as 1.15, which binary floating point holds only nearly.
        if (hundredths - hundredths.round()).abs() > 1e-6 {
            return Err("must be from 0.5 to 3.5 in steps of 0.05".into());
        }
        let rounded = hundredths.round();
        if !(0.0..=f64::from(u16::MAX)).contains(&rounded) {
            return Err("must be from 0.5 to 3.5".into());
        }
        Self::from_hundredths(rounded as u16)
    }
}

impl fmt::Display for PlaybackSpeed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}.{:02}", self.0 / 100, self.0 % 100)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn reads_the_documented_range_and_steps() {
        for (raw, hundredths) in [
            ("0.5", 50),
            ("1", 100),
            ("1.15", 115),
            ("3.5", 350),
            (" 2.00", 200),
        ] {
            assert_eq!(
                raw.parse::<PlaybackSpeed>().map(PlaybackSpeed::hundredths),
                Ok(hundredths),
                "{raw}"
            );
        }
        for raw in [
            "0.45", "3.55", "1.23", "-1", "fast", "", "NaN", "inf", "1e9",
        ] {
            assert!(raw.parse::<PlaybackSpeed>().is_err(), "{raw}");
        }
    }

    #[test]
    fn displays_as_a_decimal() {
        assert_eq!(
            PlaybackSpeed::from_hundredths(150).unwrap().to_string(),
            "1.50"
        );
        assert_eq!(PlaybackSpeed::NORMAL.to_string(), "1.00");
    }

    proptest! {
        #[test]
        fn every_step_reads_back_from_its_decimal(step in 0u16..=60) {
            let speed = PlaybackSpeed::from_hundredths(50 + step * 5).unwrap();
            prop_assert_eq!(speed.to_string().parse::<PlaybackSpeed>(), Ok(speed));
            prop_assert_eq!(format!("{}", speed.factor()).parse::<PlaybackSpeed>(), Ok(speed));
        }
    }
}
