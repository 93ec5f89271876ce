/** The component tests' DOM is emptied after each test (Testing Library does it only where Vitest's globals are on). */
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => cleanup());
