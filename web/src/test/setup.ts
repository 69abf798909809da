import '@testing-library/jest-dom/vitest';
import { configure } from '@testing-library/react';
import { definedChunks } from '@/lib/chunks';

// findBy*/waitFor give up after 1 s by default; a loaded 2-core CI machine can take longer to
// load a lazy route chunk. Waiting longer changes no assertion, only how long a pass may take.
configure({ asyncUtilTimeout: 5000 });

// The code-split parts this test file's modules define (lib/chunks.ts), and the parts those
// define in turn, are loaded before the first test: components render as they do in the browser
// once their code has arrived. Loading itself (suspense, failure, the 120 s timeout) has tests
// of its own (lib/chunks.test.ts, components/on-demand.test.tsx) and runs in every browser journey.
beforeAll(async () => {
  for (let loaded = 0; loaded < definedChunks().length; ) {
    const batch = definedChunks().slice(loaded);
    loaded += batch.length;
    await Promise.all(batch.map((source) => source.load()));
  }
});
