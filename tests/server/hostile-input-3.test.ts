// Generated hostile input, part 3 of 4 (tests/server/hostile-input.ts).
import { hostileInputSuite } from './hostile-input';

hostileInputSuite(3, 4);
