/** The image page of a venture (spec 2.1's path), below the corporate app's basename. */
export const imagesPath = (id: string | number) =>
  `/ventures/${encodeURIComponent(String(id))}/edit-venture-images`;

/** The venture's key investment information sheet page. */
export const kiisPath = (id: string | number) => `/ventures/${encodeURIComponent(String(id))}/kiis`;
