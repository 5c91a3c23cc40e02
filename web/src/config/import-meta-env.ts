// The raw build-time variables; a separate module so jest (CommonJS) can replace it (see jest.config.js).
export const rawEnv: Record<string, string | boolean | undefined> = import.meta.env;
