const { nodeProject } = require('../scripts/jest-project');

module.exports = nodeProject('worker');
