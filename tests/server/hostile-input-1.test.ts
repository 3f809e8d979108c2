// Generated hostile input, part 1 of 4 (tests/server/hostile-input.ts).
import { hostileInputSuite } from './hostile-input';

hostileInputSuite(1, 4);
