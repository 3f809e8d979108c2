import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Cropper from 'cropperjs';
import { AdminContext, Notification } from 'react-admin';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../../src-shared/api/http';
import { createI18n } from '../../src-shared/i18n';
import { resources } from '../../src-shared/i18n/catalogs';
import { theme } from '../../src-shared/theme';
import { createDataProvider } from '../../src-backoffice/providers/dataProvider';
import { createI18nProvider } from '../../src-backoffice/providers/i18nProvider';
import VentureImagesPage from '../../src-backoffice/corporate/ventures/images/VentureImagesPage';

const ID = '22222222-2222-4222-8222-222222222222';
const path = (name: string) => `/uploads/ventures/${ID}/${name}.jpg`;

type Answer = { status: number; json: unknown } | 'no-answer';

/**
 * The API as the page meets it: the venture (owner-scoped or not, whichever path the corporate getOne
 * uses), upload-image (answers taken in turn from `uploads`, else it adds the file) and delete-image.
 * It keeps the venture's images, so a refetch shows the change.
 */
function server(
  images: string[],
  {
    uploads = [] as Answer[],
    missing = false,
    /** Reads of the venture after an upload wait for it (the page's closing refresh held). */
    readsAfterUpload = undefined as Promise<void> | undefined,
  } = {},
) {
  const state = { images: [...images] };
  const sent: { method: string; path: string; file?: File | null; body?: unknown }[] = [];
  const client = createApiClient({
    baseUrl: 'http://backoffice.test',
    fetch: async (request) => {
      const url = new URL(request.url);
      const key = `${request.method} ${url.pathname}`;
      if (key === `GET /api/ventures/id/${ID}` || key === `GET /api/ventures/my-ventures/${ID}`) {
        if (missing)
          return Response.json({ message: 'Venture not found.', code: 'venture.not_found' }, { status: 404 });
        if (readsAfterUpload && sent.some((s) => s.method === 'upload')) await readsAfterUpload;
        return Response.json({ data: { _id: ID, title: 'Solar Schools', images: state.images } });
      }
      if (key === `PATCH /api/ventures/id/${ID}/upload-image`) {
        const form = await request.formData();
        sent.push({ method: 'upload', path: url.pathname, file: form.get('images') as File | null });
        const answer = uploads.shift();
        if (answer === 'no-answer') throw new TypeError('Failed to fetch');
        if (answer) return Response.json(answer.json, { status: answer.status });
        state.images = [...state.images, path(`new${state.images.length}`)];
        return Response.json({ message: 'Images uploaded.', images: state.images });
      }
      if (key === `PATCH /api/ventures/${ID}/delete-image`) {
        const body = (await request.json()) as { imageUrl: string };
        sent.push({ method: 'delete', path: url.pathname, body });
        state.images = state.images.filter((p) => p !== body.imageUrl);
        return Response.json({ message: 'Image deleted.', images: state.images });
      }
      return Response.json({ message: 'Not found.', code: 'common.not_found' }, { status: 404 });
    },
  });
  return { client, sent, state };
}

function renderPage(api: ReturnType<typeof server>) {
  const i18nProvider = createI18nProvider(createI18n('en', 'backoffice', resources));
  const dataProvider = createDataProvider({ app: 'corporate', client: api.client, i18n: i18nProvider.i18n });
  // What the page hands to the dataProvider (jsdom's Blob does not survive its FormData, a browser's does).
  const uploadSpy = vi.spyOn(dataProvider, 'uploadVentureImage');
  render(
    <MemoryRouter initialEntries={[`/ventures/${ID}/edit-venture-images`]}>
      <AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider} theme={theme}>
        <Routes>
          <Route path="/ventures/:ventureId/edit-venture-images" element={<VentureImagesPage />} />
          <Route path="/ventures/:id/show" element={<p>The venture page</p>} />
          <Route path="/ventures/:id" element={<p>The details form</p>} />
        </Routes>
        <Notification />
      </AdminContext>
    </MemoryRouter>,
  );
  return { uploadSpy };
}

const jpegFile = (name = 'photo.jpg', bytes = 2048) =>
  new File([new Uint8Array(bytes)], name, { type: 'image/jpeg' });

/** The cropper as a browser would have it once the image is shown: a crop box and a canvas. */
function readyCropper(blob: Blob | null) {
  vi.spyOn(Cropper.prototype, 'getData').mockReturnValue({
    x: 160,
    y: 90,
    width: 1280,
    height: 720,
    rotate: 0,
    scaleX: 1,
    scaleY: 1,
  });
  const canvas = document.createElement('canvas');
  const toBlob = vi.fn((done: BlobCallback, type?: string, quality?: number) => {
    void type;
    void quality;
    done(blob);
  });
  canvas.toBlob = toBlob as unknown as HTMLCanvasElement['toBlob'];
  const getCroppedCanvas = vi.spyOn(Cropper.prototype, 'getCroppedCanvas').mockReturnValue(canvas);
  return { toBlob, getCroppedCanvas };
}

/** react-admin's dataProvider hook logs every failed call; these failures are on purpose. */
const quietFailures = () => vi.spyOn(console, 'error').mockImplementation(() => {});

const created: string[] = [];
beforeAll(() => {
  // jsdom has no object URLs.
  for (const name of ['createObjectURL', 'revokeObjectURL'] as const) {
    if (typeof URL[name] !== 'function') {
      created.push(name);
      Object.defineProperty(URL, name, {
        configurable: true,
        writable: true,
        value: name === 'createObjectURL' ? () => 'blob:http://backoffice.test/picked' : () => undefined,
      });
    }
  }
});

afterAll(() => {
  for (const name of created) delete (URL as unknown as Record<string, unknown>)[name];
});

afterEach(() => {
  vi.restoreAllMocks();
  window.localStorage.clear();
});

async function pickImage(user: ReturnType<typeof userEvent.setup>, file: File) {
  await user.upload(await screen.findByLabelText('Image file'), file);
}

describe('the corporate venture image page', () => {
  it('shows the gallery with a labelled delete cross per image, the count, the picker and the links', async () => {
    const api = server([path('one'), path('two')]);
    renderPage(api);
    const first = await screen.findByRole('img', { name: 'Image 1 of Solar Schools' });
    expect(first).toHaveAttribute('src', path('one'));
    expect(screen.getByRole('img', { name: 'Image 2 of Solar Schools' })).toHaveAttribute('src', path('two'));
    expect(screen.getByRole('button', { name: 'Delete image 1' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete image 2' })).toBeInTheDocument();
    expect(screen.getByText('2 of 4 images')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Choose an image' })).toBeInTheDocument();
    const input = screen.getByLabelText('Image file');
    expect(input).toHaveAttribute('type', 'file');
    expect(input.getAttribute('accept')).toContain('image/jpeg');
    expect(input.getAttribute('accept')).toContain('image/webp');
    expect(screen.getByRole('link', { name: 'Back to the venture' })).toHaveAttribute(
      'href',
      `/ventures/${ID}/show`,
    );
    expect(screen.getByRole('link', { name: 'Edit details' })).toHaveAttribute('href', `/ventures/${ID}`);
  });

  it('hides the picker at 4 images and says the limit is reached', async () => {
    renderPage(server([path('a'), path('b'), path('c'), path('d')]));
    expect(
      await screen.findByText('This venture has 4 images, the most allowed. Delete one to add another.'),
    ).toBeInTheDocument();
    expect(screen.getAllByRole('img', { name: /^Image \d of Solar Schools$/ })).toHaveLength(4);
    expect(screen.queryByRole('button', { name: 'Choose an image' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Image file')).not.toBeInTheDocument();
  });

  it("another company's venture: 'Unable to load venture details.' and no picker", async () => {
    quietFailures();
    renderPage(server([], { missing: true }));
    expect(await screen.findByText('Unable to load venture details.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Choose an image' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Image file')).not.toBeInTheDocument();
  });

  it('refuses a file that is not a JPEG, PNG or WebP image, or larger than 10 MB, before cropping', async () => {
    const user = userEvent.setup({ applyAccept: false });
    const api = server([]);
    renderPage(api);
    await pickImage(user, new File(['%PDF-1.4'], 'terms.pdf', { type: 'application/pdf' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Only JPEG, PNG or WebP images can be uploaded.',
    );
    await pickImage(user, jpegFile('huge.jpg', 10 * 1024 * 1024 + 1));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('The image may be at most 10 MB.'),
    );
    expect(screen.queryAllByRole('img', { name: 'The image to crop' })).toHaveLength(0);
    expect(api.sent).toEqual([]);
  });

  it("'Please crop the image before uploading.' while there is no crop box; Cancel goes back to the picker", async () => {
    const user = userEvent.setup();
    const api = server([]);
    renderPage(api);
    await pickImage(user, jpegFile());
    expect(await screen.findAllByRole('img', { name: 'The image to crop' })).not.toHaveLength(0);
    expect(screen.getByText('Preview')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Upload image' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please crop the image before uploading.');
    expect(api.sent).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByRole('button', { name: 'Choose an image' })).toBeInTheDocument();
    expect(screen.queryAllByRole('img', { name: 'The image to crop' })).toHaveLength(0);
  });

  it("'Failed to get cropped image.' when the canvas gives no picture", async () => {
    const user = userEvent.setup();
    const api = server([]);
    renderPage(api);
    readyCropper(null);
    await pickImage(user, jpegFile());
    await user.click(await screen.findByRole('button', { name: 'Upload image' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to get cropped image.');
    expect(api.sent).toEqual([]);
  });

  it('uploads the crop as a JPEG of at most 1920x1080, then shows it in the gallery', async () => {
    const user = userEvent.setup();
    const api = server([path('one')]);
    const { uploadSpy } = renderPage(api);
    const cropped = new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xd9])], { type: 'image/jpeg' });
    const { toBlob, getCroppedCanvas } = readyCropper(cropped);
    await pickImage(user, jpegFile());
    await user.click(await screen.findByRole('button', { name: 'Upload image' }));
    expect(await screen.findByText('Image uploaded.')).toBeInTheDocument();
    expect(getCroppedCanvas).toHaveBeenCalledWith(expect.objectContaining({ width: 1280, height: 720 }));
    expect(toBlob).toHaveBeenCalledWith(expect.any(Function), 'image/jpeg', 0.9);
    // The canvas's JPEG goes to upload-image as the multipart field `images`, with its progress.
    expect(uploadSpy).toHaveBeenCalledWith(ID, cropped, expect.any(Function));
    expect(api.sent).toHaveLength(1);
    expect(api.sent[0]!.file!.type).toBe('image/jpeg');
    expect(await screen.findByRole('img', { name: 'Image 2 of Solar Schools' })).toBeInTheDocument();
    expect(screen.getByText('2 of 4 images')).toBeInTheDocument();
    // Back to the picker for the next one.
    expect(screen.getByRole('button', { name: 'Choose an image' })).toBeInTheDocument();
  });

  it('keeps "Choose an image" disabled until the upload has ended with the gallery read again', async () => {
    const user = userEvent.setup();
    let release = () => undefined as void;
    const readsAfterUpload = new Promise<void>((resolve) => (release = resolve));
    const api = server([path('one')], { readsAfterUpload });
    renderPage(api);
    readyCropper(new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xd9])], { type: 'image/jpeg' }));
    await pickImage(user, jpegFile());
    await user.click(await screen.findByRole('button', { name: 'Upload image' }));
    expect(await screen.findByText('Image uploaded.')).toBeInTheDocument();
    // The picker is back, but its button does nothing until the gallery is read again: disabled.
    expect(await screen.findByRole('button', { name: 'Choose an image' })).toBeDisabled();
    release();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Choose an image' })).toBeEnabled());
    expect(await screen.findByRole('img', { name: 'Image 2 of Solar Schools' })).toBeInTheDocument();
  });

  it("'Upload failed.' with the server's message: 'You can only upload up to 4 images.', a 413, a 500, no answer", async () => {
    quietFailures();
    const user = userEvent.setup();
    const api = server([path('one')], {
      uploads: [
        {
          status: 400,
          json: { message: 'You can only upload up to 4 images.', code: 'venture.too_many_images' },
        },
        { status: 413, json: { message: 'The file is too large.', code: 'common.file_too_large' } },
        { status: 500, json: {} },
        'no-answer',
      ],
    });
    renderPage(api);
    readyCropper(new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xd9])], { type: 'image/jpeg' }));
    await pickImage(user, jpegFile());
    const upload = await screen.findByRole('button', { name: 'Upload image' });
    const alertText = () => screen.getByRole('alert').textContent;

    await user.click(upload);
    await waitFor(() => expect(alertText()).toBe('Upload failed.You can only upload up to 4 images.'));
    await user.click(upload);
    await waitFor(() => expect(alertText()).toBe('Upload failed.The file is too large.'));
    await user.click(upload);
    await waitFor(() => expect(alertText()).toBe('Upload failed.Something went wrong.'));
    await user.click(upload);
    await waitFor(() =>
      expect(alertText()).toBe('Upload failed.No response from server. Please try again later.'),
    );
    expect(api.sent).toHaveLength(4);
    // The picked image stays, so the same crop can be sent again.
    expect(screen.getByRole('button', { name: 'Upload image' })).toBeEnabled();
  });

  it('deletes an image after a confirmation, and only then', async () => {
    const user = userEvent.setup();
    const api = server([path('one'), path('two')]);
    renderPage(api);
    await user.click(await screen.findByRole('button', { name: 'Delete image 2' }));
    let dialog = await screen.findByRole('dialog', { name: 'Delete this image?' });
    expect(
      within(dialog).getByText('Image 2 will be removed from the venture. This cannot be undone.'),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.sent).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Delete image 2' }));
    dialog = await screen.findByRole('dialog', { name: 'Delete this image?' });
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Image deleted.')).toBeInTheDocument();
    expect(api.sent).toEqual([
      { method: 'delete', path: `/api/ventures/${ID}/delete-image`, body: { imageUrl: path('two') } },
    ]);
    await waitFor(() =>
      expect(screen.queryByRole('img', { name: 'Image 2 of Solar Schools' })).not.toBeInTheDocument(),
    );
    expect(screen.getByText('1 of 4 images')).toBeInTheDocument();
  });
});
