/** /support renders the help centre (the header's Support link points at /help). */
export { HelpPage as Component } from './HelpPage';
