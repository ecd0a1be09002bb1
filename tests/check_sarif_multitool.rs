//! The SARIF that `pegurl check` writes, validated by Microsoft's SARIF Multitool (npm
//! `@microsoft/sarif-multitool`) with its SARIF and GitHub code-scanning rules: no error and no
//! warning. The tool is found at scripts/tools/node_modules (`cd scripts/tools && npm install
//! --no-package-lock`; .ci/run does it) or at $SARIF_MULTITOOL. Without it the test says so and
//! passes, unless PEGURL_REQUIRE_SARIF_MULTITOOL is set (as in CI), where its absence fails.
#![cfg(feature = "cli")]

mod support;

use std::path::PathBuf;
use std::process::Command;

fn multitool() -> Option<PathBuf> {
    if let Some(path) = std::env::var_os("SARIF_MULTITOOL") {
        return Some(PathBuf::from(path));
    }
    let installed = support::root()
        .join("scripts/tools/node_modules/@microsoft/sarif-multitool-linux/Sarif.Multitool");
    installed.exists().then_some(installed)
}

#[test]
fn sarif_multitool_finds_no_error_or_warning() {
    let Some(tool) = multitool() else {
        assert!(
            std::env::var_os("PEGURL_REQUIRE_SARIF_MULTITOOL").is_none(),
            "the SARIF Multitool is not installed (scripts/tools)"
        );
        eprintln!("SARIF Multitool not installed: sarif_multitool_finds_no_error_or_warning checked nothing");
        return;
    };
    let dir = support::scratch("multitool");
    // Every input kind and an argument, so every kind of location is validated.
    let out = support::pegurl(
        &[
            "check",
            "--format",
            "sarif",
            "--base",
            "https://example.net/base/",
            "fixtures/documents/quoting.html",
            "fixtures/documents/links.md",
            "fixtures/documents/list.txt",
            "https://exa mple.org/a\\b",
            "-",
        ],
        b"http://%00/\n",
    );
    let sarif = dir.join("check.sarif");
    std::fs::write(&sarif, &out.stdout).unwrap();
    let report = dir.join("validation.sarif");
    let run = Command::new(&tool)
        .args([
            "validate",
            "--log",
            "ForceOverwrite",
            "--rule-kind",
            "Gh;Sarif",
        ])
        .args(["--level", "Error;Warning", "-o"])
        .arg(&report)
        .arg(&sarif)
        .output()
        .expect("the SARIF Multitool runs");
    assert!(
        run.status.success(),
        "{}",
        String::from_utf8_lossy(&run.stdout)
    );
    let validation: serde_json::Value =
        serde_json::from_slice(&std::fs::read(&report).unwrap()).unwrap();
    let results = validation["runs"][0]["results"].as_array().unwrap();
    let problems: Vec<String> = results
        .iter()
        .map(|r| format!("{} {}: {}", r["level"], r["ruleId"], r["message"]))
        .collect();
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    std::fs::remove_dir_all(&dir).unwrap();
}
