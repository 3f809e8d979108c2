/**
 * Full page loads, for the paths this single-page app does not render itself (the corporate and
 * admin areas live in the back-office entry). An object, so tests can replace its methods.
 */
export const fullPageNavigation = {
  assign(url: string): void {
    window.location.assign(url);
  },
  replace(url: string): void {
    window.location.replace(url);
  },
};
