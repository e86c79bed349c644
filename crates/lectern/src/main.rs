//! `lectern`: the Content Access Service API v2 server and the operator's commands.

mod commands;
mod generate;
mod settings;
mod telemetry;

use clap::{Parser, Subcommand};

use settings::{Settings, SettingsArgs};

// Bulk commands make titles on one thread and free them on another, where glibc's allocator
// spends a fifth of `lectern generate`'s time consolidating and locking its arenas.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

#[derive(Parser)]
#[command(
    name = "lectern",
    version,
    about = "A library server for accessible books: the Content Access Service API v2"
)]
struct Cli {
    #[command(flatten)]
    settings: SettingsArgs,
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Run the server: the resource API (/v2) and the token server (/oauth)
    Serve,
    /// Load the demo data set if the store is empty, then serve, printing how to try it
    Demo,
    /// Load a fixture file (JSON; see docs/fixtures.md) into the store
    Load(commands::load::LoadArgs),
    /// Add or update titles from EPUB 3 files, copying each file into the file store
    ///
    /// Every file that can be read is imported; the others are named with the reason, and the
    /// exit status is then non-zero.
    ImportEpub(commands::import_epub::ImportEpubArgs),
    /// Write a deterministic synthetic catalog of titles into the store, for benchmarks and demos
    ///
    /// On PostgreSQL, a catalog at least as large as the store's is written in one transaction
    /// that holds the titles table: catalog reads wait until it commits.
    Generate(commands::generate::GenerateArgs),
    /// Rebuild the title search index (under the data directory) from the store
    Reindex,
    /// Bring the store's schema up to date (serve, demo and load also do this)
    Migrate,
    /// Manage sites, client keys and accounts
    #[command(subcommand)]
    Admin(commands::admin::Admin),
}

fn main() -> std::process::ExitCode {
    let cli = Cli::parse();
    let (settings, warnings) = match Settings::load(&cli.settings) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("lectern: {e:#}");
            return std::process::ExitCode::from(2);
        }
    };
    telemetry::init_logging(settings.log_format);
    for w in warnings {
        tracing::warn!("{w}");
    }
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
    {
        Ok(r) => r,
        Err(e) => {
            eprintln!("lectern: cannot start the async runtime: {e}");
            return std::process::ExitCode::FAILURE;
        }
    };
    let result = runtime.block_on(async move {
        match cli.command {
            Command::Serve => commands::serve::run(&settings, None).await,
            Command::Demo => commands::demo::run(&settings).await,
            Command::Load(args) => commands::load::run(&settings, &args).await,
            Command::ImportEpub(args) => commands::import_epub::run(&settings, &args).await,
            Command::Generate(args) => commands::generate::run(&settings, &args).await,
            Command::Reindex => commands::reindex::run(&settings).await,
            Command::Migrate => commands::open_store(&settings)
                .await
                .map(|_| println!("The store's schema is up to date.")),
            Command::Admin(admin) => commands::admin::run(&settings, admin).await,
        }
    });
    match result {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("lectern: {e:#}");
            std::process::ExitCode::FAILURE
        }
    }
}
