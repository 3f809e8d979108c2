/** The image page's translation keys live under this prefix. */
export const T = 'app.corporate.images';
