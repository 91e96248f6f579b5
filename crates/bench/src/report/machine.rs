//! The machine a report was measured on, as this process finds it.

use super::Machine;

impl Machine {
    /// The machine this process runs on.
    pub fn current() -> Machine {
        Machine {
            cpu: cpu_model(),
            cores: std::thread::available_parallelism().map_or(1, usize::from),
            os: std::env::consts::OS.to_owned(),
            arch: std::env::consts::ARCH.to_owned(),
        }
    }

    /// `AMD EPYC 7B13, 2 cores, linux x86_64`.
    pub fn describe(&self) -> String {
        let cpu = self.cpu.as_deref().unwrap_or("unknown CPU");
        format!("{cpu}, {} cores, {} {}", self.cores, self.os, self.arch)
    }
}

fn cpu_model() -> Option<String> {
    let text = std::fs::read_to_string("/proc/cpuinfo").ok()?;
    text.lines()
        .filter_map(|line| line.split_once(':'))
        .find(|(key, _)| matches!(key.trim(), "model name" | "Model" | "Processor"))
        .map(|(_, value)| value.split_whitespace().collect::<Vec<_>>().join(" "))
        .filter(|model| !model.is_empty())
}
