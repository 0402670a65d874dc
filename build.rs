// Re-embed migrations and bundled data whenever a file in them changes.
fn main() {
    println!("cargo:rerun-if-changed=migrations");
    println!("cargo:rerun-if-changed=data");
}
