//! Reading GraphML 1.0 witness automata: the graph's data, each node's data, and the
//! edges with theirs — what the violation and correctness readers interpret.

use quick_xml::events::{BytesStart, Event};
use quick_xml::Reader;
use std::collections::HashMap;

pub(crate) type Data = HashMap<String, String>;

#[derive(Debug, Default)]
pub(crate) struct Edge {
    pub source: String,
    pub target: String,
    pub data: Data,
}

#[derive(Debug, Default)]
pub(crate) struct Graph {
    /// The graph's own data (witness type, program hash, …).
    pub data: Data,
    /// Each node's data, by node id (nodes without data are absent).
    pub nodes: HashMap<String, Data>,
    pub edges: Vec<Edge>,
}

impl Graph {
    /// The nodes whose `key` is `true`.
    pub fn flagged(&self, key: &str) -> Vec<String> {
        let mut ids: Vec<String> = self
            .nodes
            .iter()
            .filter(|(_, d)| d.get(key).map(|v| v.trim()) == Some("true"))
            .map(|(id, _)| id.clone())
            .collect();
        ids.sort();
        ids
    }
}

fn attr(e: &BytesStart, name: &[u8]) -> Option<String> {
    e.attributes()
        .flatten()
        .find(|a| a.key.as_ref() == name)
        .and_then(|a| a.unescape_value().ok().map(|v| v.into_owned()))
}

pub(crate) fn read(text: &str) -> Result<Graph, String> {
    let mut reader = Reader::from_str(text);
    let mut g = Graph::default();
    let mut node: Option<String> = None;
    let mut edge: Option<Edge> = None;
    let mut key: Option<String> = None;
    let mut value = String::new();
    let new_edge = |e: &BytesStart| Edge {
        source: attr(e, b"source").unwrap_or_default(),
        target: attr(e, b"target").unwrap_or_default(),
        data: Data::new(),
    };
    loop {
        match reader.read_event() {
            Err(e) => return Err(format!("not GraphML: {e}")),
            Ok(Event::Eof) => break,
            Ok(Event::Empty(e)) => match e.name().as_ref() {
                b"edge" => g.edges.push(new_edge(&e)),
                b"node" => node = None,
                _ => {}
            },
            Ok(Event::Start(e)) => match e.name().as_ref() {
                b"node" => node = attr(&e, b"id"),
                b"edge" => edge = Some(new_edge(&e)),
                b"data" => {
                    key = attr(&e, b"key");
                    value.clear();
                }
                _ => {}
            },
            Ok(Event::Text(t)) if key.is_some() => {
                value.push_str(&t.unescape().map_err(|e| e.to_string())?);
            }
            Ok(Event::End(e)) => match e.name().as_ref() {
                b"data" => {
                    let k = key.take().unwrap_or_default();
                    let v = std::mem::take(&mut value);
                    if let Some(ed) = edge.as_mut() {
                        ed.data.insert(k, v);
                    } else if let Some(n) = &node {
                        g.nodes.entry(n.clone()).or_default().insert(k, v);
                    } else {
                        g.data.insert(k, v);
                    }
                }
                b"edge" => g.edges.extend(edge.take()),
                b"node" => node = None,
                _ => {}
            },
            _ => {}
        }
    }
    Ok(g)
}
