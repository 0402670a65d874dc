//! The browser tests, one test binary: a real headless Chromium (Debian's) opens `ptg serve`'s
//! pages, through `--dump-dom` or chromedriver (WebDriver), the way people use them. Each
//! former `tests/browser_*.rs` file is a module here. Without Chromium each test says so and
//! checks nothing, unless PTG_BROWSER_TEST is set (CI sets it and installs Chromium). Run one
//! part with `cargo test --test browser phone::`.

#[path = "../browser_support/mod.rs"]
mod browser_support;
#[path = "../common/mod.rs"]
mod common;
#[path = "../serve_support/mod.rs"]
mod serve_support;

mod axe;
mod dump_dom;
mod forms;
mod https;
mod night;
mod phone;
mod start;
