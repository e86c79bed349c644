//! Reads on SQLite run on the calling thread, without a hand-off.
//!
//! sqlx runs each SQLite connection on a thread of its own and passes every query to it, and every
//! row back, through channels: two or more thread switches per query, which cost more than a read
//! of pages SQLite has cached (profiled: most of a signed-in list's time was futex waits and task
//! switches, and `sqlite3VdbeExec` 3%). Here a read runs on the task's own thread through rusqlite,
//! over the same SQLite library and file, and hands back the rows sqlx would have (`AnyRow`), so
//! the store's queries and their decoding are the same on both paths.
//!
//! A read may not hold the thread long, which other tasks are waiting for: SQLite's progress
//! handler stops one that has run `STEP_BUDGET` virtual machine steps (about a millisecond), and
//! that read is run again on sqlx's read pool, whose threads are its own. So is one that finds the
//! file busy, and any read this path cannot answer (an error of any kind is the pool's to report,
//! in sqlx's words). What the budget does not bound is a read of pages the operating system has
//! not cached: it waits for the disk on this thread (`docs/decisions.md`, "Reads on the calling
//! thread").

use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

use rusqlite::types::{Value, ValueRef};
use sqlx_core::any::{AnyColumn, AnyRow, AnyTypeInfo, AnyTypeInfoKind, AnyValue, AnyValueKind};
use sqlx_core::ext::ustr::UStr;

/// How often the progress handler runs, in virtual machine steps.
const STEPS_PER_TICK: i32 = 1_000;

/// Ticks a read may take before it is given to the read pool: 100,000 steps, about a
/// millisecond of this machine's core.
const STEP_BUDGET: u32 = 100;

/// Statements kept prepared per connection: the store's queries, with room for the keyset
/// variants of each list.
const STATEMENTS_KEPT: usize = 256;

/// The connections of one database file, each used by one read at a time.
#[derive(Debug)]
pub(crate) struct InlineReads {
    path: PathBuf,
    idle: Mutex<Vec<Reader>>,
    answered: AtomicU64,
    handed_on: AtomicU64,
    /// Set when the store closes: reads go to the closed pool, which refuses them.
    closed: AtomicBool,
}

struct Reader {
    db: rusqlite::Connection,
    ticks: Arc<AtomicU32>,
}

impl std::fmt::Debug for Reader {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Reader")
    }
}

/// Why a read was not answered here; the read pool answers it instead.
#[derive(Debug)]
pub(crate) struct NotHere;

impl InlineReads {
    pub(crate) fn new(path: PathBuf) -> Self {
        InlineReads {
            path,
            idle: Mutex::new(Vec::new()),
            answered: AtomicU64::new(0),
            handed_on: AtomicU64::new(0),
            closed: AtomicBool::new(false),
        }
    }

    /// The rows of `sql` with `args` bound in order: at most `limit` of them.
    pub(crate) fn fetch(
        &self,
        sql: &str,
        args: &[AnyValueKind],
        limit: Option<usize>,
    ) -> Result<Vec<AnyRow>, NotHere> {
        let reader = self.take()?;
        reader.ticks.store(0, Ordering::Relaxed);
        let rows = read(&reader.db, sql, args, limit);
        self.give_back(reader);
        // Counted here and published when metrics are rendered (`Store::publish_metrics`): a
        // labelled series looked up in the recorder on every read would cost a share of it.
        let counter = if rows.is_ok() {
            &self.answered
        } else {
            &self.handed_on
        };
        counter.fetch_add(1, Ordering::Relaxed);
        rows.map_err(|_| NotHere)
    }

    /// Reads answered here, and reads handed on to the pool.
    pub(crate) fn counts(&self) -> (u64, u64) {
        (
            self.answered.load(Ordering::Relaxed),
            self.handed_on.load(Ordering::Relaxed),
        )
    }

    /// Closes the connections; later reads are the (closed) pool's.
    pub(crate) fn close(&self) {
        self.closed.store(true, Ordering::Release);
        if let Ok(mut idle) = self.idle.lock() {
            idle.clear();
        }
    }

    fn take(&self) -> Result<Reader, NotHere> {
        if self.closed.load(Ordering::Acquire) {
            return Err(NotHere);
        }
        let idle = self.idle.lock().ok().and_then(|mut idle| idle.pop());
        match idle {
            Some(reader) => Ok(reader),
            None => self.open().map_err(|_| NotHere),
        }
    }

    fn give_back(&self, reader: Reader) {
        if self.closed.load(Ordering::Acquire) {
            return;
        }
        if let Ok(mut idle) = self.idle.lock() {
            idle.push(reader);
        }
    }

    fn open(&self) -> rusqlite::Result<Reader> {
        let db = rusqlite::Connection::open(&self.path)?;
        // A write here is refused, as on the read pool's connections (`reads`). A read that
        // finds the file busy (rare in WAL mode: a recovery, say) does not wait on this thread:
        // the pool's connections wait for it on theirs.
        db.execute_batch("PRAGMA query_only = 1; PRAGMA busy_timeout = 0;")?;
        db.set_prepared_statement_cache_capacity(STATEMENTS_KEPT);
        let ticks = Arc::new(AtomicU32::new(0));
        let counted = Arc::clone(&ticks);
        db.progress_handler(
            STEPS_PER_TICK,
            Some(move || counted.fetch_add(1, Ordering::Relaxed) >= STEP_BUDGET),
        )?;
        Ok(Reader { db, ticks })
    }
}

fn read(
    db: &rusqlite::Connection,
    sql: &str,
    args: &[AnyValueKind],
    limit: Option<usize>,
) -> rusqlite::Result<Vec<AnyRow>> {
    let mut statement = db.prepare_cached(sql)?;
    for index in 1..=statement.parameter_count() {
        let arg = args
            .get(argument_of(statement.parameter_name(index), index) - 1)
            .ok_or(rusqlite::Error::InvalidQuery)?;
        statement.raw_bind_parameter(index, bound(arg)?)?;
    }
    let columns: Vec<AnyColumn> = statement
        .column_names()
        .into_iter()
        .enumerate()
        .map(|(ordinal, name)| AnyColumn {
            ordinal,
            name: UStr::new(name),
            type_info: AnyTypeInfo {
                kind: AnyTypeInfoKind::Null,
            },
        })
        .collect();
    let names: Arc<sqlx_core::HashMap<UStr, usize>> = Arc::new(
        columns
            .iter()
            .map(|c| (c.name.clone(), c.ordinal))
            .collect(),
    );
    let mut rows = statement.raw_query();
    let mut out = Vec::new();
    while limit.is_none_or(|n| out.len() < n) {
        let Some(row) = rows.next()? else { break };
        let values = (0..columns.len())
            .map(|i| row.get_ref(i).and_then(value))
            .collect::<rusqlite::Result<Vec<_>>>()?;
        out.push(AnyRow {
            column_names: Arc::clone(&names),
            columns: columns.clone(),
            values,
        });
    }
    Ok(out)
}

/// Which argument (from 1) a statement's parameter takes. SQLite numbers `$2` and `?2` by where
/// they first appear, not by their number, so that a query naming `$2` before `$1`, or one twice,
/// is bound by the number in the name, as sqlx's driver binds it.
fn argument_of(name: Option<&str>, index: usize) -> usize {
    name.and_then(|n| n.strip_prefix('$').or_else(|| n.strip_prefix('?')))
        .and_then(|n| n.parse().ok())
        .filter(|n| *n >= 1)
        .unwrap_or(index)
}

/// A bound value as sqlx's SQLite driver binds it (`sqlx-sqlite`'s `map_arguments`).
fn bound(arg: &AnyValueKind) -> rusqlite::Result<Value> {
    Ok(match arg {
        AnyValueKind::Null(_) => Value::Null,
        AnyValueKind::Bool(b) => Value::Integer(i64::from(*b)),
        AnyValueKind::SmallInt(i) => Value::Integer(i64::from(*i)),
        AnyValueKind::Integer(i) => Value::Integer(i64::from(*i)),
        AnyValueKind::BigInt(i) => Value::Integer(*i),
        AnyValueKind::Real(r) => Value::Real(f64::from(*r)),
        AnyValueKind::Double(d) => Value::Real(*d),
        AnyValueKind::Text(t) => Value::Text(t.as_str().to_owned()),
        AnyValueKind::TextSlice(t) => Value::Text(t.to_string()),
        AnyValueKind::Blob(b) => Value::Blob(b.to_vec()),
        // A kind sqlx adds later is the read pool's to bind.
        _ => return Err(rusqlite::Error::InvalidQuery),
    })
}

/// A value as sqlx's SQLite driver reads it into an `AnyRow`: by its storage class. Text that is
/// not UTF-8 is the read pool's to report.
fn value(v: ValueRef<'_>) -> rusqlite::Result<AnyValue> {
    let kind = match v {
        ValueRef::Null => AnyValueKind::Null(AnyTypeInfoKind::Null),
        ValueRef::Integer(i) => AnyValueKind::BigInt(i),
        ValueRef::Real(r) => AnyValueKind::Double(r),
        ValueRef::Text(t) => AnyValueKind::Text(Arc::new(
            std::str::from_utf8(t)
                .map_err(|_| rusqlite::Error::InvalidQuery)?
                .to_owned(),
        )),
        ValueRef::Blob(b) => AnyValueKind::Blob(Arc::new(b.to_vec())),
    };
    Ok(AnyValue { kind })
}
