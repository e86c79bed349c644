//! The notice's message files are embedded by `fluent_templates::static_loader!`, which names
//! no file to cargo: a new file in `locales/` would go unseen until another source changed.
//! Cargo rebuilds the crate when anything under `locales/` changes.
fn main() {
    println!("cargo:rerun-if-changed=locales");
}
