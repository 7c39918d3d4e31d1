//! The helper's promises, on small shell commands.

use super::*;

fn sh(script: &str) -> Command {
    let mut c = Command::new("sh");
    c.args(["-c", script]);
    c
}

#[test]
fn both_outputs_flooded_at_once_do_not_stall_the_child() {
    // 1 MB on each pipe, more than a pipe holds: read one after the other, this would
    // stall until the deadline.
    let script = "head -c 1000000 /dev/zero; head -c 1000000 /dev/zero >&2; echo end";
    let f = run(
        &mut sh(script),
        Options {
            deadline: Some(Instant::now() + Duration::from_secs(30)),
            ..Default::default()
        },
    )
    .unwrap();
    assert!(f.status.success() && !f.timed_out);
    assert_eq!(f.stdout.len(), 1_000_004);
    assert_eq!(f.stderr.len(), 1_000_000);
}

#[test]
fn kept_output_is_its_head_and_its_tail() {
    let f = run(
        &mut sh("echo first; head -c 100000 /dev/zero; echo; echo last"),
        Options {
            keep: 64,
            ..Default::default()
        },
    )
    .unwrap();
    let text = f.stdout_text();
    assert!(text.starts_with("first\n"), "{text:?}");
    assert!(
        text.ends_with("last\n") && text.contains("[...]"),
        "{text:?}"
    );
    assert!(text.len() < 100, "{}", text.len());
}

#[test]
fn the_input_is_written_while_the_output_is_read() {
    // More than a pipe holds, echoed back: writing all before reading would deadlock.
    let input = vec![b'x'; 300_000];
    let f = run(
        &mut Command::new("cat"),
        Options {
            input: Some(input.clone()),
            ..Default::default()
        },
    )
    .unwrap();
    assert_eq!(f.stdout, input);
}

#[test]
fn a_child_past_its_deadline_is_killed_with_its_group() {
    let started = Instant::now();
    // The grandchild holds the output pipes open: without the group it would keep the
    // run waiting for 30 s.
    let f = run(
        &mut sh("sleep 30 & sleep 30"),
        Options {
            deadline: Some(Instant::now() + Duration::from_millis(200)),
            own_group: true,
            ..Default::default()
        },
    )
    .unwrap();
    assert!(f.timed_out);
    assert_eq!(f.status.signal(), Some(libc::SIGKILL));
    assert!(started.elapsed() < Duration::from_secs(10));
}

#[test]
fn the_cpu_limit_stops_a_busy_child() {
    let f = run(
        &mut sh("while :; do :; done"),
        Options {
            cpu_seconds: Some(1),
            deadline: Some(Instant::now() + Duration::from_secs(20)),
            ..Default::default()
        },
    )
    .unwrap();
    assert_eq!(f.status.signal(), Some(libc::SIGXCPU));
    assert!(!f.timed_out);
    assert!(f.cpu >= Duration::from_millis(900), "{:?}", f.cpu);
}

#[test]
fn a_reaped_child_is_never_signalled() {
    let running = start(&mut sh("exit 3"), Options::default()).unwrap();
    let killer = running.killer();
    let f = running.wait().unwrap();
    assert_eq!(f.status.code(), Some(3));
    assert!(!killer.kill(), "the pid is no longer the child's");
}

#[test]
fn a_killer_stops_a_running_child() {
    // `exec`: the shell's own child would hold the pipes after the shell is killed.
    let running = start(&mut sh("exec sleep 30"), Options::default()).unwrap();
    let killer = running.killer();
    let waiter = std::thread::spawn(move || running.wait().unwrap());
    std::thread::sleep(Duration::from_millis(50));
    assert!(killer.kill());
    let f = waiter.join().unwrap();
    assert_eq!(f.status.signal(), Some(libc::SIGKILL));
    assert!(!f.timed_out, "killed, not timed out");
}
