//! The witness readers take files from other tools and from users: whatever a witness
//! says — lines and columns of 0 or beyond the program, any constraint text, any XML or
//! YAML — reading it is an answer or an error, never a panic.

use proptest::prelude::*;

const PROGRAM: &str = "extern int __VERIFIER_nondet_int(void);\nint main(void) {\n  int x = __VERIFIER_nondet_int();\n  if (x == 5) reach_error();\n}\n";

fn yaml(kind: &str, line: u32, column: u32, constraint: &str) -> String {
    format!(
        "- entry_type: violation_sequence
  metadata:
    format_version: '2.0'
    uuid: 00000000-0000-0000-0000-000000000000
    creation_time: '2026-11-28T00:00:00'
    producer:
      name: test
      version: '1'
    task:
      input_files: [p.c]
      input_file_hashes: {{}}
      specification: G ! call(reach_error())
      data_model: ILP32
      language: C
  content:
    - segment:
        - waypoint:
            type: {kind}
            action: follow
            location:
              file_name: p.c
              line: {line}
              column: {column}
            constraint:
              value: '{constraint}'
              format: c_expression
"
    )
}

fn graphml(line: u32, value: &str) -> String {
    format!(
        "<?xml version=\"1.0\"?><graphml><graph edgedefault=\"directed\">\
         <data key=\"witness-type\">violation_witness</data>\
         <node id=\"A\"><data key=\"entry\">true</data></node><node id=\"B\"/>\
         <edge source=\"A\" target=\"B\"><data key=\"startline\">{line}</data>\
         <data key=\"assumption\">{value}</data>\
         <data key=\"assumption.resultfunction\">__VERIFIER_nondet_int</data></edge>\
         </graph></graphml>"
    )
}

#[test]
fn the_generated_witness_is_one_the_reader_reads() {
    let w =
        witness::read_violation::parse(&yaml("function_return", 3, 33, "\\result == 5"), PROGRAM)
            .expect("a readable witness");
    assert_eq!(w.inputs.len(), 1);
    assert_eq!(w.inputs[0].function, "__VERIFIER_nondet_int");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    /// (The form is read: a well-placed waypoint gives an answer.)
    #[test]
    fn yaml_waypoints_anywhere_never_panic(
        kind in prop::sample::select(vec!["function_return", "assumption", "target", "other"]),
        line in prop::sample::select(vec![0u32, 1, 3, 4, 5, 6, 1000, u32::MAX]),
        column in prop::sample::select(vec![0u32, 1, 13, 33, 34, 200, u32::MAX]),
        constraint in prop_oneof![
            Just("\\result == 5".to_string()),
            Just("x == -3".to_string()),
            "[-a-z0-9\\\\=() ;.]{0,24}",
        ],
    ) {
        let text = yaml(kind, line, column, &constraint);
        let _ = witness::read_violation::parse(&text, PROGRAM);
        let _ = witness::kind::classify(&text);
    }

    #[test]
    fn graphml_edges_anywhere_never_panic(
        line in prop::sample::select(vec![0u32, 1, 3, 1000, u32::MAX]),
        value in "[-a-z0-9\\\\=() ;.]{0,24}",
    ) {
        let text = graphml(line, &value);
        let _ = witness::read_violation::parse(&text, PROGRAM);
        let _ = witness::kind::classify(&text);
    }

    #[test]
    fn any_text_never_panics(text in "\\PC{0,200}") {
        let _ = witness::read_violation::parse(&text, PROGRAM);
        let _ = witness::kind::classify(&text);
        let _ = witness::kind::specification(&text);
    }
}
