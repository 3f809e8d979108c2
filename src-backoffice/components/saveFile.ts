/** Makes the browser save `text` as a file named `fileName` (a payment file, a CSV). */
export function saveFile(fileName: string, text: string, type = 'application/xml'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Revoked after the click has been handled (Safari reads the URL asynchronously).
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
