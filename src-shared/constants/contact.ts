/** The contact form's longest values (characters, after trimming): the server's rule and the form's. */
export const CONTACT_LIMITS = { name: 100, subject: 150, message: 5000 } as const;
