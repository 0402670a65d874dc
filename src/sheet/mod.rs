//! Printable roster sheets: a view model built once from the roster, its battles and its
//! history, rendered as PDF or plain text with a layout read from a template.

pub mod pdf;
pub mod template;
pub mod text;
pub mod view;

pub use pdf::Faces;
pub use template::{Template, TemplateError};
pub use view::{Sheet, SheetInput, build};
