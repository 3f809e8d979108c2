// Generated hostile input, part 2 of 4 (tests/server/hostile-input.ts).
import { hostileInputSuite } from './hostile-input';

hostileInputSuite(2, 4);
