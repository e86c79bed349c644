//! The absences many operations answer alike ("There is no title 'x'"), each in the words of
//! one message of the files, so that a door says it in its reader's language.

use lectern_domain::invalid::Why;

use crate::failure::Failure;

fn absent(key: &'static str, english: String, id: &str) -> Failure {
    Failure::not_found(Why::of(key, english).with("id", id))
}

pub fn title(id: &str) -> Failure {
    absent("absent-title", format!("There is no title '{id}'"), id)
}

pub fn periodical(id: &str) -> Failure {
    absent(
        "absent-periodical",
        format!("There is no periodical '{id}'"),
        id,
    )
}

pub fn site(id: &str) -> Failure {
    absent("absent-site", format!("There is no site '{id}'"), id)
}

pub fn organization(id: &str) -> Failure {
    absent(
        "absent-organization",
        format!("There is no organization '{id}'"),
        id,
    )
}

pub fn account(id: &str) -> Failure {
    absent("absent-account", format!("There is no account '{id}'"), id)
}

pub fn reading_list(id: &str) -> Failure {
    absent(
        "absent-reading-list",
        format!("There is no reading list '{id}'"),
        id,
    )
}

pub fn popular_list(id: &str) -> Failure {
    absent(
        "absent-popular-list",
        format!("There is no popular list '{id}'"),
        id,
    )
}

pub fn client_key(id: &str) -> Failure {
    absent(
        "absent-client-key",
        format!("There is no client key '{id}'"),
        id,
    )
}

/// A page's address that names nothing this site has.
pub fn page() -> Failure {
    Failure::not_found(Why::of("absent-page", "There is no such page"))
}

/// A book whose record names a file the store no longer has.
pub fn book_file() -> Failure {
    Failure::not_found(Why::of(
        "absent-book-file",
        "The book's file is no longer here",
    ))
}

/// A title's format the title does not have.
pub fn artifact(id: &str, format: lectern_domain::catalog::Format) -> Failure {
    Failure::not_found(
        Why::of(
            "absent-artifact",
            format!("The title '{id}' has no {format} artifact"),
        )
        .with("id", id)
        .with("format", format),
    )
}
