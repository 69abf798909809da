import '@testing-library/jest-dom/vitest';
import { configure } from '@testing-library/react';

// findBy*/waitFor give up after 1 s by default; a loaded 2-core CI machine can take longer to
// load a lazy route chunk. Waiting longer changes no assertion, only how long a pass may take.
configure({ asyncUtilTimeout: 5000 });
