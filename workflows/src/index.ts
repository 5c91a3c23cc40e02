// The workflows the worker runs (this file is the worker's workflowsPath). Deterministic code only.
export {};
