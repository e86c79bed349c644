//! What the two doors of pages share, the readers' and sponsors' (`web`) and the staff's
//! (`staff`): the visitor's session and its CSRF token, a posted form and its errors beside
//! their fields, the page's chrome and rendering, refusals as pages, and uploads spooled within
//! their bounds.

pub(crate) mod errors;
pub(crate) mod forms;
pub(crate) mod preferences;
pub(crate) mod reading_settings;
pub(crate) mod render;
pub(crate) mod session;
pub(crate) mod uploads;
