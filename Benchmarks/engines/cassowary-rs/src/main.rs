//! cassowary-rs 0.3 (Debian's librust-cassowary-dev) as an outside engine: constraint
//! systems (formats.md section 1) through the Rust SDK (docs/engines.md), no binding.
//!
//! cassowary-rs is a port of kiwi, with kiwi's weighted strengths, so the format maps onto
//! it as onto kiwi (Benchmarks/engines/kiwi/engine.cpp says why): the file's optional
//! priorities ranked and spread geometrically from `WEAK` (1) to a tenth of `STRONG`,
//! one optional priority at `MEDIUM`, 1000 at `REQUIRED`; an initial optional
//! single-variable equality whose constant steps change (and that none removes, adds or
//! re-prioritises) driven as an edit variable; every other change removes the constraint
//! and adds it changed. Values are read as cassowary-rs means them to be: `fetch_changes`
//! after each solve, applied to the engine's own copy of every value.
//!
//! Prepared outside the clock: every `Variable` and `Constraint` and the calls of the build
//! and of each operation. Timed: `build` is a new solver and its set-up calls,
//! `firstLayout` the first fetch of every value, an operation its calls and a fetch.

use cassowary::{strength, Constraint, Expression, RelationalOperator, Solver, Term, Variable};
use layoutbench_engine::{run, Case, Engine, Operation, Outcome};
use serde_json::Value;
use std::collections::{BTreeSet, HashMap};

#[derive(Clone)]
struct Row {
    id: String,
    terms: Vec<(String, f64)>,
    constant: f64,
    relation: RelationalOperator,
    priority: f64,
}

fn read_row(entry: &Value) -> Result<Row, Outcome> {
    let bad = |what: &str| Outcome::Failed(format!("a constraint without {what}"));
    let id = entry.get("id").and_then(Value::as_str).ok_or_else(|| bad("an id"))?.to_string();
    let mut terms = Vec::new();
    for (name, coefficient) in entry.get("terms").and_then(Value::as_object).ok_or_else(|| bad("terms"))? {
        terms.push((name.clone(), coefficient.as_f64().ok_or_else(|| bad("numeric terms"))?));
    }
    let relation = match entry.get("relation").and_then(Value::as_str).unwrap_or("==") {
        "<=" => RelationalOperator::LessOrEqual,
        ">=" => RelationalOperator::GreaterOrEqual,
        _ => RelationalOperator::Equal,
    };
    Ok(Row {
        id,
        terms,
        constant: entry.get("constant").and_then(Value::as_f64).unwrap_or(0.0),
        relation,
        priority: entry.get("priority").and_then(Value::as_f64).unwrap_or(1000.0),
    })
}

/// Optional priorities ranked and spread geometrically.
struct Strengths(Vec<f64>);

impl Strengths {
    fn new(priorities: &[f64]) -> Strengths {
        let mut levels: Vec<f64> = priorities.iter().copied().filter(|p| *p < 1000.0).collect();
        levels.sort_by(|a, b| a.partial_cmp(b).unwrap());
        levels.dedup();
        Strengths(levels)
    }
    fn of(&self, priority: f64) -> f64 {
        if priority >= 1000.0 {
            return strength::REQUIRED;
        }
        if self.0.len() == 1 {
            return strength::MEDIUM;
        }
        let rank = self.0.iter().position(|p| *p == priority).unwrap_or(0) as f64;
        let (weakest, strongest) = (strength::WEAK, strength::STRONG / 10.0);
        weakest * 10f64.powf((strongest / weakest).log10() * rank / (self.0.len() - 1) as f64)
    }
}

enum Call {
    Add(Constraint),
    Remove(Constraint),
    AddEdit(Variable, f64),
    Suggest(Variable, f64),
}

#[derive(Default)]
struct CassowaryRs {
    solver: Option<Solver>,
    names: Vec<String>,
    variables: Vec<Variable>,
    index: HashMap<Variable, usize>,
    by_name: HashMap<String, usize>,
    values: Vec<f64>,
    build: Vec<Call>,
    operations: Vec<Vec<Call>>,
    edits: usize,
    readded: BTreeSet<String>,
}

impl CassowaryRs {
    fn call(solver: &mut Solver, call: &Call) -> Result<(), Outcome> {
        let failed = |what: String| Outcome::Failed(format!("cassowary-rs refused {what}"));
        match call {
            Call::Add(c) => solver.add_constraint(c.clone()).map_err(|e| failed(format!("a constraint: {e:?}"))),
            Call::Remove(c) => solver.remove_constraint(c).map_err(|e| failed(format!("a removal: {e:?}"))),
            Call::AddEdit(v, s) => solver.add_edit_variable(*v, *s).map_err(|e| failed(format!("an edit variable: {e:?}"))),
            Call::Suggest(v, x) => solver.suggest_value(*v, *x).map_err(|e| failed(format!("a suggestion: {e:?}"))),
        }
    }

    fn fetch(&mut self) {
        let solver = self.solver.as_mut().unwrap();
        for (variable, value) in solver.fetch_changes() {
            if let Some(&k) = self.index.get(variable) {
                self.values[k] = *value;
            }
        }
    }

    fn variable(&mut self, name: &str) -> Variable {
        if let Some(&k) = self.by_name.get(name) {
            return self.variables[k];
        }
        let v = Variable::new();
        self.index.insert(v, self.names.len());
        self.by_name.insert(name.to_string(), self.names.len());
        self.names.push(name.to_string());
        self.variables.push(v);
        v
    }
}

impl Engine for CassowaryRs {
    fn name(&self) -> String {
        "cassowary-rs".into()
    }
    fn version(&self) -> String {
        "0.3.0".into()
    }

    fn prepare(&mut self, case: &Case) -> Result<(), Outcome> {
        *self = CassowaryRs::default();
        let document = &case.document;
        let mut initial = Vec::new();
        for entry in document.get("constraints").and_then(Value::as_array).into_iter().flatten() {
            initial.push(read_row(entry)?);
        }
        let mut edits = Vec::new();
        for edit in document.get("edits").and_then(Value::as_array).into_iter().flatten() {
            let name = edit.get("variable").and_then(Value::as_str).unwrap_or_default().to_string();
            edits.push((name, edit.get("priority").and_then(Value::as_f64).unwrap_or(0.0)));
        }
        let mut priorities: Vec<f64> = initial.iter().map(|r| r.priority).chain(edits.iter().map(|e| e.1)).collect();
        let (mut changed, mut untouchable) = (BTreeSet::new(), BTreeSet::new());
        for operation in &case.operations {
            for step in &operation.steps {
                for (kind, body) in step.as_object().into_iter().flatten() {
                    match kind.as_str() {
                        "add" => {
                            for entry in body.as_array().into_iter().flatten() {
                                let row = read_row(entry)?;
                                priorities.push(row.priority);
                                untouchable.insert(row.id);
                            }
                        }
                        "setPriority" => {
                            for (id, p) in body.as_object().into_iter().flatten() {
                                priorities.push(p.as_f64().unwrap_or(0.0));
                                untouchable.insert(id.clone());
                            }
                        }
                        "remove" => untouchable.extend(body.as_array().into_iter().flatten().filter_map(|v| v.as_str().map(String::from))),
                        "setConstant" => changed.extend(body.as_object().into_iter().flatten().map(|(id, _)| id.clone())),
                        _ => {}
                    }
                }
            }
        }
        let strengths = Strengths::new(&priorities);
        let mut taken: BTreeSet<String> = edits.iter().map(|e| e.0.clone()).collect();
        let mut edit_of: HashMap<String, (String, f64)> = HashMap::new();
        for row in &initial {
            if !changed.contains(&row.id) || untouchable.contains(&row.id) || edit_of.contains_key(&row.id) {
                continue;
            }
            if row.relation != RelationalOperator::Equal || row.terms.len() != 1 || row.priority >= 1000.0 {
                continue;
            }
            let (variable, coefficient) = row.terms[0].clone();
            if coefficient == 0.0 || taken.contains(&variable) {
                continue;
            }
            taken.insert(variable.clone());
            edit_of.insert(row.id.clone(), (variable, coefficient));
        }
        self.edits = edit_of.len();
        let constraint = |engine: &mut CassowaryRs, row: &Row| {
            let terms = row.terms.iter().map(|(n, c)| Term { variable: engine.variable(n), coefficient: *c }).collect();
            Constraint::new(Expression::new(terms, row.constant), row.relation, strengths.of(row.priority))
        };
        let mut rows: HashMap<String, Row> = HashMap::new();
        let mut live: HashMap<String, Constraint> = HashMap::new();
        for (name, priority) in &edits {
            let v = self.variable(name);
            self.build.push(Call::AddEdit(v, strengths.of(*priority)));
        }
        for row in &initial {
            rows.insert(row.id.clone(), row.clone());
            if edit_of.contains_key(&row.id) {
                continue;
            }
            let made = constraint(self, row);
            live.insert(row.id.clone(), made.clone());
            self.build.push(Call::Add(made));
        }
        for row in &initial {
            if let Some((name, coefficient)) = edit_of.get(&row.id) {
                let v = self.variable(name);
                self.build.push(Call::AddEdit(v, strengths.of(row.priority)));
                self.build.push(Call::Suggest(v, -row.constant / coefficient));
            }
        }
        for operation in &case.operations {
            let mut calls = Vec::new();
            for step in &operation.steps {
                for (kind, body) in step.as_object().into_iter().flatten() {
                    match kind.as_str() {
                        "add" => {
                            for entry in body.as_array().into_iter().flatten() {
                                let row = read_row(entry)?;
                                let made = constraint(self, &row);
                                live.insert(row.id.clone(), made.clone());
                                rows.insert(row.id.clone(), row);
                                calls.push(Call::Add(made));
                            }
                        }
                        "remove" => {
                            for id in body.as_array().into_iter().flatten().filter_map(Value::as_str) {
                                let gone = live.remove(id).ok_or_else(|| Outcome::Failed(format!("no constraint '{id}' to remove")))?;
                                calls.push(Call::Remove(gone));
                            }
                        }
                        "suggest" => {
                            for (name, value) in body.as_object().into_iter().flatten() {
                                let v = self.variable(name);
                                calls.push(Call::Suggest(v, value.as_f64().unwrap_or(0.0)));
                            }
                        }
                        "setConstant" | "setPriority" => {
                            let mut readd = Vec::new();
                            for (id, value) in body.as_object().into_iter().flatten() {
                                let row = rows.get_mut(id).ok_or_else(|| Outcome::Failed(format!("no constraint '{id}'")))?;
                                let value = value.as_f64().unwrap_or(0.0);
                                if kind == "setConstant" {
                                    row.constant = value;
                                } else {
                                    row.priority = value;
                                }
                                match (kind.as_str(), edit_of.get(id)) {
                                    ("setConstant", Some((name, coefficient))) => {
                                        let (name, coefficient) = (name.clone(), *coefficient);
                                        let target = -value / coefficient;
                                        let v = self.variable(&name);
                                        calls.push(Call::Suggest(v, target));
                                    }
                                    _ => {
                                        readd.push(id.clone());
                                        if kind == "setConstant" {
                                            self.readded.insert(id.clone());
                                        }
                                    }
                                }
                            }
                            for id in &readd {
                                calls.push(Call::Remove(live.remove(id).unwrap()));
                            }
                            for id in &readd {
                                let made = constraint(self, &rows[id].clone());
                                live.insert(id.clone(), made.clone());
                                calls.push(Call::Add(made));
                            }
                        }
                        other => return Err(Outcome::Failed(format!("an unknown step '{other}'"))),
                    }
                }
            }
            self.operations.push(calls);
        }
        self.values = vec![0.0; self.names.len()];
        Ok(())
    }

    fn build(&mut self) -> Result<(), Outcome> {
        let mut solver = Solver::new();
        for call in &self.build {
            Self::call(&mut solver, call)?;
        }
        self.solver = Some(solver);
        self.values.iter_mut().for_each(|v| *v = 0.0);
        Ok(())
    }

    fn first_layout(&mut self) -> Result<(), Outcome> {
        self.fetch();
        Ok(())
    }

    fn apply(&mut self, index: usize, _operation: &Operation) -> Result<(), Outcome> {
        let solver = self.solver.as_mut().unwrap();
        for call in &self.operations[index] {
            Self::call(solver, call)?;
        }
        self.fetch();
        Ok(())
    }

    fn answers(&mut self, names: &mut Vec<String>, values: &mut Vec<f64>) {
        names.clone_from(&self.names);
        values.clone_from(&self.values);
    }

    fn parameters(&self) -> Vec<(String, String)> {
        vec![
            ("cassowary-rs.editVariables".into(), self.edits.to_string()),
            ("cassowary-rs.readdedConstants".into(), self.readded.len().to_string()),
        ]
    }
}

fn main() {
    let mut engine = CassowaryRs::default();
    std::process::exit(run(&mut engine));
}
