//! The web app is embedded from ../frontend/dist, which must exist when the crate compiles.
//! `make` builds it first; for a bare `cargo build` or `cargo check` an empty folder is
//! created so compilation works (the server then says the app was not built).

fn main() {
    let dist = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../frontend/dist");
    std::fs::create_dir_all(&dist).expect("creating frontend/dist");
    println!("cargo:rerun-if-changed=../frontend/dist");
    println!("cargo:rerun-if-changed=migrations");
}
