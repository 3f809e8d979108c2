// Generated hostile input, part 4 of 4 (tests/server/hostile-input.ts).
import { hostileInputSuite } from './hostile-input';

hostileInputSuite(4, 4);
