import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';
import { TextDecoder, TextEncoder } from 'node:util';

// react-router needs these; jsdom does not provide them.
Object.assign(globalThis, { TextEncoder, TextDecoder });

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  document.cookie.split(';').forEach((c) => {
    const name = c.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; max-age=0; path=/`;
  });
});

// findBy* waits longer than the 1 s default: lazy tabs and several answers arrive in turn.
configure({ asyncUtilTimeout: 4000 });
// testTimeout is a global option jest ignores in project configs; screens typed into are slow in jsdom.
jest.setTimeout(30_000);
