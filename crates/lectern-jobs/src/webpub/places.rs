//! A place in a book read online as the API's reading positions and marks name it, an EPUB
//! CFI: `epubcfi(/6/4!/4/2/6)` is the spine's second document (`/6` the package's spine, `/4`
//! its second itemref), then the element at steps `/4/2/6` inside it, as the chapter's
//! `data-cfi` writes them. The reading order is the spine's.

/// The place where part `n` of the reading order (from 1) starts.
pub fn part_start(n: usize) -> String {
    format!("epubcfi(/6/{})", 2 * n)
}

/// The part of the reading order (from 1) a CFI is in, and its steps inside that part's
/// document when it names any (`/4/2/6`; a range's start, a character offset left out).
pub fn part_of(cfi: &str) -> Option<(usize, Option<String>)> {
    let inner = cfi.strip_prefix("epubcfi(")?.strip_suffix(')')?;
    let inner = inner.split(',').next()?;
    let (spine, inside) = match inner.split_once('!') {
        Some((spine, inside)) => (spine, Some(inside)),
        None => (inner, None),
    };
    let mut steps = spine.split('/').skip(1).map(step);
    if steps.next()? != Some(6) {
        return None;
    }
    let item = steps.next()?.filter(|s| s % 2 == 0 && *s > 0)?;
    let inside = inside.and_then(|i| {
        let elements: Vec<String> = i
            .split('/')
            .skip(1)
            .map_while(|s| step(s).filter(|n| n % 2 == 0 && *n > 0))
            .map(|n| format!("/{n}"))
            .collect();
        (!elements.is_empty()).then(|| elements.concat())
    });
    Some((item / 2, inside))
}

/// A step's number, without its id assertion (`4[chapter-1]`) or offset (`1:4`).
fn step(s: &str) -> Option<usize> {
    s.split(['[', ':']).next()?.parse().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cfi_names_its_part_and_the_element_in_it() {
        assert_eq!(part_of("epubcfi(/6/4)"), Some((2, None)));
        assert_eq!(
            part_of("epubcfi(/6/4[chapter-1]!/4/2/6)"),
            Some((2, Some("/4/2/6".into())))
        );
        assert_eq!(
            part_of("epubcfi(/6/8!/4/2/4/1:12)"),
            Some((4, Some("/4/2/4".into())))
        );
        assert_eq!(
            part_of("epubcfi(/6/4!/4/2,/1:0,/1:5)"),
            Some((2, Some("/4/2".into())))
        );
        for not_a_part in [
            "epubcfi(/4/4)",
            "epubcfi(/6/3)",
            "/body/DocFragment[2]",
            "12",
        ] {
            assert_eq!(part_of(not_a_part), None, "{not_a_part}");
        }
        assert_eq!(part_of(&part_start(3)), Some((3, None)));
    }
}
