//! Which unique key a write collided with, decided by the constraint's name here alone, and the
//! parameter of the wire that key is made of: a 409 names the field that collided, whatever
//! handler wrote it.
//!
//! PostgreSQL names the constraint (`users_user_name_key_key`, `highlights_pkey`); SQLite names
//! the table and columns ("UNIQUE constraint failed: users.user_name_key"). Each key below says
//! both, and a store test makes each collide on both engines.

use crate::StoreError;
use crate::dialect::is_unique_violation;

/// A unique key a caller's write can collide with, as the wire names it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct UniqueKey {
    /// The parameter the key is made of.
    pub field: &'static str,
    /// What the collision means, in words for the caller.
    pub meaning: &'static str,
    /// The message of the files that says `meaning` in a caller's language.
    pub message: &'static str,
}

struct Known {
    table: &'static str,
    columns: &'static [&'static str],
    postgres: &'static str,
    key: UniqueKey,
}

const KNOWN: &[Known] = &[
    Known {
        table: "users",
        columns: &["user_name_key"],
        postgres: "users_user_name_key_key",
        key: UniqueKey {
            field: "userName",
            meaning: "this user name belongs to another account",
            message: "why-user-name-taken",
        },
    },
    Known {
        table: "highlights",
        columns: &["user_account_id", "service_id", "format", "location"],
        postgres: "highlights_pkey",
        key: UniqueKey {
            field: "location",
            meaning: "you have a highlight at that location already; change it with PUT",
            message: "why-highlight-there",
        },
    },
    Known {
        table: "title_product_identifiers",
        columns: &["site_id", "product_identifier"],
        postgres: "title_product_identifiers_pkey",
        key: UniqueKey {
            field: "productIdentifier",
            meaning: "another title of this site has this product identifier",
            message: "why-product-identifier-taken",
        },
    },
    Known {
        table: "periodical_series",
        columns: &["series_id"],
        postgres: "periodical_series_pkey",
        key: UniqueKey {
            field: "seriesId",
            meaning: "another periodical has this identifier",
            message: "why-series-id-taken",
        },
    },
    Known {
        table: "periodical_editions",
        columns: &["edition_id"],
        postgres: "periodical_editions_pkey",
        key: UniqueKey {
            field: "editionId",
            meaning: "another edition has this identifier",
            message: "why-edition-id-taken",
        },
    },
];

/// The unique key the error is a collision on, when it is one of the keys a caller's write can
/// collide with; `None` for any other error (an unknown key's collision included).
pub fn unique_key(err: &StoreError) -> Option<UniqueKey> {
    let StoreError::Database(e) = err else {
        return None;
    };
    if !is_unique_violation(e) {
        return None;
    }
    let sqlx::Error::Database(db) = e else {
        return None;
    };
    let by_name = |k: &&Known| db.constraint() == Some(k.postgres);
    let columns = sqlite_columns(db.message());
    let by_columns = |k: &&Known| {
        columns.as_ref().is_some_and(|(table, cols)| {
            *table == k.table
                && cols.len() == k.columns.len()
                && cols.iter().zip(k.columns).all(|(a, b)| a == b)
        })
    };
    KNOWN
        .iter()
        .find(|k| by_name(k) || by_columns(k))
        .map(|k| k.key)
}

/// The table and columns of SQLite's "UNIQUE constraint failed: t.a, t.b".
fn sqlite_columns(message: &str) -> Option<(&str, Vec<&str>)> {
    let list = message.strip_prefix("UNIQUE constraint failed: ")?;
    let mut table = None;
    let mut columns = Vec::new();
    for qualified in list.split(", ") {
        let (t, c) = qualified.trim().split_once('.')?;
        if table.is_some_and(|known| known != t) {
            return None;
        }
        table = Some(t);
        columns.push(c);
    }
    Some((table?, columns))
}

#[cfg(test)]
mod tests {
    use super::sqlite_columns;

    #[test]
    fn sqlites_message_names_the_table_and_columns() {
        assert_eq!(
            sqlite_columns("UNIQUE constraint failed: highlights.format, highlights.location"),
            Some(("highlights", vec!["format", "location"]))
        );
        assert_eq!(sqlite_columns("UNIQUE constraint failed: a.x, b.y"), None);
        assert_eq!(sqlite_columns("NOT NULL constraint failed: a.x"), None);
    }
}
