//! A file's start: decoding its bytes as UTF-8, reading just its root element (all a folder
//! scan needs), and the error a quick-xml failure becomes.

use super::attrs::Attrs;
use super::index::Header;
use super::tags::{Tag, tag_of};
use crate::catalogue::bsdata::error::{BsdataError, line_of};
use quick_xml::Reader;
use quick_xml::events::Event;

/// Decodes a file's bytes as UTF-8 (dropping a byte-order mark), naming the file on failure.
pub(in crate::catalogue::bsdata) fn decode<'a>(file: &str, bytes: &'a [u8]) -> Result<&'a str, BsdataError> {
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    std::str::from_utf8(bytes).map_err(|e| BsdataError::Encoding {
        file: file.to_string(),
        line: line_of(bytes, e.valid_up_to()),
        position: e.valid_up_to(),
    })
}

/// Reads just the root element of a file.
pub(in crate::catalogue::bsdata) fn read_header(file: &str, text: &str) -> Result<Header, BsdataError> {
    root_element(file, text).map_err(|e| e.located(text))
}

fn root_element(file: &str, text: &str) -> Result<Header, BsdataError> {
    let mut reader = Reader::from_str(text);
    loop {
        let pos = reader.buffer_position();
        match reader.read_event() {
            Ok(Event::Start(e)) | Ok(Event::Empty(e)) => {
                let name = e.local_name().as_ref().to_string();
                if tag_of(&name) != Tag::Root {
                    return Err(BsdataError::NotCatalogue {
                        file: file.to_string(),
                        element: name,
                    });
                }
                let a = Attrs::new(&e).map_err(|message| BsdataError::Xml {
                    file: file.to_string(),
                    line: 0,
                    position: pos,
                    message: format!("<{name}>: {message}"),
                })?;
                return Ok(header_of(&name, &a));
            }
            Ok(Event::Eof) => {
                return Err(BsdataError::Xml {
                    file: file.to_string(),
                    line: 0,
                    position: pos,
                    message: "no root element (empty file?)".to_string(),
                });
            }
            Ok(Event::Text(t)) if !t.trim().is_empty() => {
                return Err(BsdataError::Xml {
                    file: file.to_string(),
                    line: 0,
                    position: pos,
                    message: "text before the root element: not an XML catalogue".to_string(),
                });
            }
            Ok(_) => {}
            Err(e) => return Err(xml_error(file, &reader, e)),
        }
    }
}

pub(super) fn header_of(name: &str, a: &Attrs) -> Header {
    Header {
        game_system: name == "gameSystem",
        id: a.str("id"),
        name: a.str("name"),
        revision: a.get("revision").and_then(|r| r.trim().parse().ok()).unwrap_or(0),
        library: a.flag("library"),
        game_system_id: a.str("gameSystemId"),
    }
}

pub(super) fn xml_error(file: &str, reader: &Reader<&[u8]>, e: quick_xml::Error) -> BsdataError {
    BsdataError::Xml {
        file: file.to_string(),
        line: 0,
        position: reader.error_position(),
        message: e.to_string(),
    }
}
