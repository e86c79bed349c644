//! Contributor names: catalog sources give one string per person, written "First Last" or
//! "Last, First". Document 1's Contributor name wants a display form (first name first) and an
//! index form (the sort form: surname first), which author sorting uses too.

/// Words after a surname that stay after the given names ("King, Martin Luther, Jr.").
const SUFFIXES: &[&str] = &["jr", "jr.", "sr", "sr.", "ii", "iii", "iv"];

/// Words that belong to the surname that follows them ("Du Bois", "van der Berg", "de la Cruz").
const PARTICLES: &[&str] = &[
    "al", "bin", "da", "das", "de", "del", "della", "der", "des", "di", "do", "dos", "du", "el",
    "ibn", "la", "le", "st.", "ten", "ter", "van", "von",
];

/// The name with given names first: "Last, First" is turned round; anything else is as written.
pub fn display_name(full: &str) -> String {
    let full = full.trim();
    match full.split_once(',') {
        Some((last, rest)) => {
            // "King, Martin Luther, Jr." keeps its suffix at the end.
            let (first, suffix) = match rest.split_once(',') {
                Some((first, suffix)) => (first.trim(), Some(suffix.trim())),
                None => (rest.trim(), None),
            };
            let mut out = [first, last.trim()]
                .iter()
                .filter(|s| !s.is_empty())
                .copied()
                .collect::<Vec<_>>()
                .join(" ");
            if let Some(s) = suffix.filter(|s| !s.is_empty()) {
                out.push(' ');
                out.push_str(s);
            }
            out
        }
        None => full.to_owned(),
    }
}

/// The sort form, surname first: a name that already has a comma is taken as written; otherwise
/// the surname, with the particles before it, moves to the front ("Du Bois, W. E. B.") and a
/// suffix stays last. A single word stays as it is. Names of organizations are inverted too: the
/// record does not say which names are people's.
pub fn index_name(full: &str) -> String {
    let full = full.trim();
    if full.contains(',') {
        return full.to_owned();
    }
    let (given, surname, suffix) = split(full);
    if given.is_empty() {
        return full.to_owned();
    }
    let mut out = format!("{}, {}", surname.join(" "), given.join(" "));
    if let Some(s) = suffix {
        out.push_str(", ");
        out.push_str(s);
    }
    out
}

/// Given names, surname (with its particles) and suffix of a name written first name first.
fn split(full: &str) -> (Vec<&str>, Vec<&str>, Option<&str>) {
    let mut words: Vec<&str> = full.split_whitespace().collect();
    let suffix = match words.last() {
        Some(w) if words.len() > 2 && SUFFIXES.contains(&w.to_lowercase().as_str()) => words.pop(),
        _ => None,
    };
    let Some(mut start) = words.len().checked_sub(1) else {
        return (vec![], vec![], suffix);
    };
    // Particles join the surname, but the first word is always a given name.
    while start > 1 && PARTICLES.contains(&words[start - 1].to_lowercase().as_str()) {
        start -= 1;
    }
    let surname = words.split_off(start);
    (words, surname, suffix)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn index_names_put_the_surname_and_its_particles_first() {
        for (full, index) in [
            ("W. E. B. Du Bois", "Du Bois, W. E. B."),
            ("Ada King Byron", "Byron, Ada King"),
            ("Ludwig van Beethoven", "van Beethoven, Ludwig"),
            ("Vincent van der Berg", "van der Berg, Vincent"),
            ("Martin Luther King Jr.", "King, Martin Luther, Jr."),
            ("Byron, Ada", "Byron, Ada"),
            ("Homer", "Homer"),
            ("Charles de Gaulle", "de Gaulle, Charles"),
        ] {
            assert_eq!(index_name(full), index, "{full}");
        }
    }

    #[test]
    fn display_names_put_given_names_first() {
        for (full, display) in [
            ("Byron, Ada", "Ada Byron"),
            ("King, Martin Luther, Jr.", "Martin Luther King Jr."),
            ("W. E. B. Du Bois", "W. E. B. Du Bois"),
            ("Homer", "Homer"),
        ] {
            assert_eq!(display_name(full), display, "{full}");
        }
    }
}
