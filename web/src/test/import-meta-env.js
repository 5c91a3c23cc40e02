// Jest stand-in for src/config/import-meta-env.ts: CommonJS cannot read import.meta.
module.exports = { rawEnv: { MODE: 'test' } };
