//! The engine side of `layoutbench.engine/1` (docs/engines.md) for engines written in Rust:
//! the protocol loop on standard input and output, the untimed check pass, warm-up and
//! timed repetitions with `std::time::Instant`, every sample kept, by the same rules as the
//! Python and C++ SDKs.
//!
//! An engine implements [`Engine`] and calls [`run`] from `main`:
//! `prepare` (untimed: parse the case; `Err(Outcome::Skip)` when it cannot be expressed),
//! `build`, `first_layout` and `apply` (timed; `apply` returns `Err(Outcome::Refused)` after
//! undoing a refused step), `answers` (untimed).

use serde_json::{json, Map, Value};
use std::collections::BTreeMap;
use std::io::{BufRead, Write};
use std::time::Instant;

pub const PROTOCOL: &str = "layoutbench.engine/1";

/// Why a callback did not complete.
#[derive(Debug)]
pub enum Outcome {
    /// The engine cannot express the case (the text is the reason recorded).
    Skip(String),
    /// The engine refused a step and undid it: the state's answer is null.
    Refused(String),
    /// Anything else: the case fails with this text.
    Failed(String),
}

/// One measured operation: its phase and its steps (the document's step objects).
pub struct Operation {
    pub phase: String,
    pub steps: Vec<Value>,
}

/// One case as the runner sends it.
pub struct Case {
    pub workload: String,
    pub size: u64,
    pub seed: f64,
    pub input: String,
    pub document: Value,
    pub operations: Vec<Operation>,
}

impl Case {
    /// `build`, `firstLayout`, then each operation's phase as first met.
    pub fn phases(&self) -> Vec<String> {
        let mut names = vec!["build".to_string(), "firstLayout".to_string()];
        for operation in &self.operations {
            if !names[2..].contains(&operation.phase) {
                names.push(operation.phase.clone());
            }
        }
        names
    }
}

pub trait Engine {
    fn name(&self) -> String;
    fn version(&self) -> String;
    fn inputs(&self) -> Vec<String> {
        vec!["constraints".into()]
    }
    fn language(&self) -> String {
        "Rust".into()
    }
    fn binding(&self) -> Option<String> {
        None
    }
    fn prepare(&mut self, case: &Case) -> Result<(), Outcome>;
    fn build(&mut self) -> Result<(), Outcome>;
    fn first_layout(&mut self) -> Result<(), Outcome>;
    /// `index` is the operation's position in `case.operations`.
    fn apply(&mut self, index: usize, operation: &Operation) -> Result<(), Outcome>;
    fn answers(&mut self, names: &mut Vec<String>, values: &mut Vec<f64>);
    fn parameters(&self) -> Vec<(String, String)> {
        Vec::new()
    }
}

/// The document's `operations` extension as operations (each step its own operation of
/// phase `step` without it).
pub fn read_operations(document: &Value) -> Result<Vec<Operation>, String> {
    let steps = match document.get("steps") {
        None => Vec::new(),
        Some(Value::Array(steps)) => steps.clone(),
        Some(_) => return Err("'steps' is not an array".into()),
    };
    let listed = match document.get("operations") {
        None => return Ok(steps.into_iter().map(|step| Operation { phase: "step".into(), steps: vec![step] }).collect()),
        Some(Value::Array(listed)) => listed,
        Some(_) => return Err("'operations' is not an array".into()),
    };
    let mut operations = Vec::new();
    let mut expected = 0usize;
    for (index, entry) in listed.iter().enumerate() {
        let phase = entry.get("phase").and_then(Value::as_str);
        let range = entry.get("steps").and_then(Value::as_array);
        let (phase, start, end) = match (phase, range) {
            (Some(phase), Some(range)) if range.len() == 2 => {
                (phase, range[0].as_u64().unwrap_or(u64::MAX) as usize, range[1].as_u64().unwrap_or(0) as usize)
            }
            _ => return Err(format!("operations[{index}] is not {{\"phase\", \"steps\": [start, end]}}")),
        };
        if start != expected || end <= start || end > steps.len() {
            return Err(format!("operations[{index}] covers steps {start}..<{end}, expected to start at {expected}"));
        }
        operations.push(Operation { phase: phase.into(), steps: steps[start..end].to_vec() });
        expected = end;
    }
    if expected != steps.len() {
        return Err(format!("the operations cover {expected} of {} steps", steps.len()));
    }
    Ok(operations)
}

fn send(message: &Value) {
    let mut out = std::io::stdout().lock();
    let _ = writeln!(out, "{message}");
    let _ = out.flush();
}

fn state(engine: &mut dyn Engine, names: &mut Vec<String>, first: bool) -> Result<Value, Outcome> {
    let mut state_names = Vec::new();
    let mut values = Vec::new();
    engine.answers(&mut state_names, &mut values);
    if first {
        *names = state_names;
    } else if &state_names != names {
        return Err(Outcome::Failed("answers name other variables or views in different states".into()));
    }
    if values.iter().any(|v| !v.is_finite()) {
        return Err(Outcome::Failed("an answer is not finite".into()));
    }
    Ok(json!(values))
}

fn measure(engine: &mut dyn Engine, case: &Case, repetitions: u64, warmup: u64, budget: f64, limit: f64) -> Value {
    let started = Instant::now();
    let mut names = Vec::new();
    let mut states = Vec::new();
    let check = (|| -> Result<(), Outcome> {
        engine.prepare(case)?;
        send(&json!({"message": "progress", "text": "check pass"}));
        engine.build()?;
        engine.first_layout()?;
        states.push(state(engine, &mut names, true)?);
        for (index, operation) in case.operations.iter().enumerate() {
            if started.elapsed().as_secs_f64() > limit {
                return Err(Outcome::Skip(format!(
                    "one repetition runs over the case limit of {limit} s (the check pass was stopped in operation {index} ({}))",
                    operation.phase
                )));
            }
            match engine.apply(index, operation) {
                Ok(()) => states.push(state(engine, &mut names, false)?),
                Err(Outcome::Refused(_)) => states.push(Value::Null),
                Err(other) => return Err(other),
            }
        }
        Ok(())
    })();
    match check {
        Ok(()) => {}
        Err(Outcome::Skip(reason)) => return json!({"message": "skipped", "reason": reason}),
        Err(Outcome::Refused(text)) | Err(Outcome::Failed(text)) => return json!({"message": "failed", "error": text}),
    }
    let phases = case.phases();
    let mut samples: BTreeMap<String, Vec<f64>> = phases.iter().map(|p| (p.clone(), Vec::new())).collect();
    let mut repetition = |keep: bool, samples: &mut BTreeMap<String, Vec<f64>>| -> Result<(), Outcome> {
        let start = Instant::now();
        engine.build()?;
        let built = Instant::now();
        engine.first_layout()?;
        let laid_out = Instant::now();
        if keep {
            samples.get_mut("build").unwrap().push((built - start).as_nanos() as f64);
            samples.get_mut("firstLayout").unwrap().push((laid_out - built).as_nanos() as f64);
        }
        for (index, operation) in case.operations.iter().enumerate() {
            let begin = Instant::now();
            match engine.apply(index, operation) {
                Ok(()) | Err(Outcome::Refused(_)) => {}
                Err(other) => return Err(other),
            }
            if keep {
                samples.get_mut(&operation.phase).unwrap().push(begin.elapsed().as_nanos() as f64);
            }
        }
        Ok(())
    };
    let mut done = 0u64;
    for k in 0..warmup {
        if k > 0 && started.elapsed().as_secs_f64() > budget / 2.0 {
            break;
        }
        send(&json!({"message": "progress", "text": format!("warm-up {}/{}", k + 1, warmup)}));
        if let Err(Outcome::Failed(text)) | Err(Outcome::Skip(text)) = repetition(false, &mut samples) {
            return json!({"message": "failed", "error": format!("warm-up {}: {text}", k + 1)});
        }
    }
    let timed = Instant::now();
    while done < repetitions && (done == 0 || timed.elapsed().as_secs_f64() < budget) {
        send(&json!({"message": "progress", "text": format!("rep {}/{}", done + 1, repetitions)}));
        if let Err(Outcome::Failed(text)) | Err(Outcome::Skip(text)) = repetition(true, &mut samples) {
            return json!({"message": "failed", "error": format!("repetition {}: {text}", done + 1)});
        }
        done += 1;
    }
    let reply_phases: Vec<Value> = phases
        .iter()
        .map(|phase| {
            let operations = if phase == "build" || phase == "firstLayout" {
                1
            } else {
                case.operations.iter().filter(|o| &o.phase == phase).count()
            };
            json!({"name": phase, "operations": operations, "samplesNanoseconds": samples[phase]})
        })
        .collect();
    let mut reply = json!({
        "message": "result", "repetitions": done, "phases": reply_phases,
        "answers": {"names": names, "states": states},
    });
    let parameters = engine.parameters();
    if !parameters.is_empty() {
        let facts: Map<String, Value> = parameters.into_iter().map(|(k, v)| (k, Value::String(v))).collect();
        reply["parameters"] = Value::Object(facts);
    }
    reply
}

fn case_of(message: &Value) -> Result<(Case, u64, u64, f64, f64), String> {
    let text = |key: &str| message.get(key).and_then(Value::as_str).map(str::to_string).ok_or(format!("bad case message: '{key}'"));
    let number = |key: &str| message.get(key).and_then(Value::as_f64).ok_or(format!("bad case message: '{key}'"));
    let file = text("file")?;
    let source = std::fs::read_to_string(&file).map_err(|e| format!("the case file {file} cannot be read: {e}"))?;
    let document: Value = serde_json::from_str(&source).map_err(|e| format!("the case file {file}: {e}"))?;
    let operations = read_operations(&document)?;
    let case = Case {
        workload: text("workload")?,
        size: number("size")? as u64,
        seed: number("seed")?,
        input: text("input")?,
        document,
        operations,
    };
    let (repetitions, warmup) = (number("repetitions")?, number("warmup")?);
    let (budget, limit) = (number("timeBudgetSeconds")?, number("caseLimitSeconds")?);
    if repetitions < 1.0 || warmup < 0.0 || !(budget > 0.0) || !(limit > 0.0) {
        return Err("bad case message: repetitions >= 1, warmup >= 0 and positive seconds expected".into());
    }
    Ok((case, repetitions as u64, warmup as u64, budget, limit))
}

/// Serves the runner until `bye` or the end of input; returns the exit status (0, or 2
/// after a message it cannot act on, reported on standard error).
pub fn run(engine: &mut dyn Engine) -> i32 {
    let stdin = std::io::stdin();
    for line in stdin.lock().lines() {
        let Ok(line) = line else { return 0 };
        if line.trim().is_empty() {
            continue;
        }
        let result: Result<bool, String> = (|| {
            let message: Value = serde_json::from_str(&line).map_err(|e| format!("not JSON: {e}"))?;
            match message.get("message").and_then(Value::as_str) {
                Some("hello") => {
                    if message.get("protocol").and_then(Value::as_str) != Some(PROTOCOL) {
                        return Err(format!("protocol {:?}, this SDK speaks {PROTOCOL}", message.get("protocol")));
                    }
                    let mut hello = json!({"message": "hello", "protocol": PROTOCOL, "engine": engine.name(),
                        "version": engine.version(), "inputs": engine.inputs(), "language": engine.language()});
                    if let Some(binding) = engine.binding() {
                        hello["binding"] = json!(binding);
                    }
                    send(&hello);
                    Ok(true)
                }
                Some("case") => {
                    let (case, repetitions, warmup, budget, limit) = case_of(&message)?;
                    if !engine.inputs().contains(&case.input) {
                        let reason = format!("{} does not read {} input", engine.name(), case.input);
                        send(&json!({"message": "skipped", "reason": reason}));
                    } else {
                        send(&measure(engine, &case, repetitions, warmup, budget, limit));
                    }
                    Ok(true)
                }
                Some("bye") => Ok(false),
                other => Err(format!("unknown message {other:?}")),
            }
        })();
        match result {
            Ok(true) => {}
            Ok(false) => return 0,
            Err(text) => {
                eprintln!("error: {text}");
                return 2;
            }
        }
    }
    0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn operations_group_the_steps_and_must_cover_them() {
        let document = json!({"steps": [{}, {}, {}], "operations": [{"phase": "a", "steps": [0, 2]}, {"phase": "b", "steps": [2, 3]}]});
        let operations = read_operations(&document).unwrap();
        assert_eq!(operations.iter().map(|o| (o.phase.as_str(), o.steps.len())).collect::<Vec<_>>(), [("a", 2), ("b", 1)]);
        assert_eq!(read_operations(&json!({"steps": [{}, {}]})).unwrap().len(), 2);
        for bad in [json!([{"phase": "a", "steps": [0, 2]}]), json!([{"phase": "a", "steps": [1, 3]}]), json!([{"phase": "a"}])] {
            assert!(read_operations(&json!({"steps": [{}, {}, {}], "operations": bad})).is_err());
        }
    }

    struct Width {
        constant: f64,
        value: f64,
    }

    impl Engine for Width {
        fn name(&self) -> String {
            "width".into()
        }
        fn version(&self) -> String {
            "1".into()
        }
        fn prepare(&mut self, _: &Case) -> Result<(), Outcome> {
            Ok(())
        }
        fn build(&mut self) -> Result<(), Outcome> {
            self.constant = -100.0;
            Ok(())
        }
        fn first_layout(&mut self) -> Result<(), Outcome> {
            self.value = -self.constant;
            Ok(())
        }
        fn apply(&mut self, _: usize, operation: &Operation) -> Result<(), Outcome> {
            let constant = operation.steps.last().unwrap()["setConstant"]["w"].as_f64().unwrap();
            if constant == -1.0 {
                return Err(Outcome::Refused("too small".into()));
            }
            self.constant = constant;
            self.value = -constant;
            Ok(())
        }
        fn answers(&mut self, names: &mut Vec<String>, values: &mut Vec<f64>) {
            *names = vec!["W".into()];
            *values = vec![self.value];
        }
    }

    #[test]
    fn a_case_gives_every_sample_and_every_state() {
        let document = json!({"steps": [{"setConstant": {"w": -200}}, {"setConstant": {"w": -300}}, {"setConstant": {"w": -1}}],
            "operations": [{"phase": "resize", "steps": [0, 2]}, {"phase": "shrink", "steps": [2, 3]}]});
        let case = Case {
            workload: "w".into(), size: 1, seed: 1.0, input: "constraints".into(),
            operations: read_operations(&document).unwrap(), document,
        };
        let reply = measure(&mut Width { constant: 0.0, value: 0.0 }, &case, 3, 1, 10.0, 10.0);
        assert_eq!(reply["message"], "result");
        assert_eq!(reply["repetitions"], 3);
        let shapes: Vec<(String, u64, usize)> = reply["phases"].as_array().unwrap().iter()
            .map(|p| (p["name"].as_str().unwrap().into(), p["operations"].as_u64().unwrap(), p["samplesNanoseconds"].as_array().unwrap().len()))
            .collect();
        assert_eq!(shapes, [("build".into(), 1, 3), ("firstLayout".into(), 1, 3), ("resize".into(), 1, 3), ("shrink".into(), 1, 3)]);
        assert_eq!(reply["answers"], json!({"names": ["W"], "states": [[100.0], [300.0], null]}));
    }
}
