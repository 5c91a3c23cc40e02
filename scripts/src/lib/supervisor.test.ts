import { formatLogLine } from './supervisor';

describe('formatLogLine', () => {
  it('when a line is pino JSON, then it shows the level, message and extra fields', () => {
    expect(
      formatLogLine('{"level":30,"time":1,"pid":2,"hostname":"h","name":"api","msg":"listening","port":3000}'),
    ).toBe('INFO listening {"port":3000}');
  });

  it('when a line is not JSON, then it passes through', () => {
    expect(formatLogLine('plain text')).toBe('plain text');
    expect(formatLogLine('{not json')).toBe('{not json');
  });
});
