import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failure, manualClock, projectBody, testSandbox, type Org, type TestSandbox } from '../support/sandbox';

const PNG = Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), Buffer.alloc(2000, 7)]);
const JPEG = Buffer.concat([Buffer.from('ffd8ffe000104a464946', 'hex'), Buffer.alloc(500, 1)]);
const source = (bytes: Buffer, filename = 'a.png', contentType = 'image/png') => ({
  open: async function* () {
    for (let i = 0; i < bytes.length; i += 700) yield bytes.subarray(i, i + 700);
  },
  size: bytes.length,
  filename,
  contentType,
});

const clock = manualClock();
let sb: TestSandbox;
let org: Org;
let projectId: string;
const questions = projectBody().questions.map((q) => q.question);

beforeAll(async () => {
  sb = await testSandbox({ clock, presignTtlSeconds: 60 });
  org = await sb.newOrg({ trial_credits: 10 });
  projectId = (await org.client.createProject(projectBody({ type: 'STIMULI' }))).id;
});
afterAll(() => sb.close());

async function upload(bytes = PNG, filename = 'a.png', contentType = 'image/png', caption?: string) {
  const presign = await org.client.presignStimulus({ project_id: projectId, filename, content_type: contentType, file_size_bytes: bytes.length });
  await org.client.uploadStimulus(presign, source(bytes, filename, contentType));
  await org.client.confirmStimulus({
    project_id: projectId,
    file_id: presign.file_id,
    file_ext: filename.slice(filename.lastIndexOf('.')),
    ...(caption !== undefined ? { caption } : {}),
  });
  return presign;
}

describe('presign → direct upload → confirm', () => {
  it('presign answers every documented field, with upload_url on the sandbox storage route', async () => {
    const p = await org.client.presignStimulus({ project_id: projectId, filename: 'pack.png', content_type: 'image/png', file_size_bytes: 100 });
    expect(p.upload_url).toBe(`${sb.baseUrl}/_storage/upload`);
    expect(Object.keys(p.upload_fields).sort()).toEqual(['Content-Type', 'key', 'policy', 'signature']);
    expect(p).toMatchObject({ expires_in: 60, content_type: 'image/png' });
    expect(p.storage_key).toContain(p.file_id);
    expect(p.media_url).toContain(p.storage_key!);
  });

  it('uploads with progress that only reaches 100% on 204, then lists in display order with media served back', async () => {
    const seen: number[] = [];
    const presign = await org.client.presignStimulus({ project_id: projectId, filename: 'first.png', content_type: 'image/png', file_size_bytes: PNG.length });
    await org.client.uploadStimulus(presign, source(PNG, 'first.png'), { onProgress: (p) => seen.push(p.sent) });
    expect(seen.at(-1)).toBe(PNG.length);
    expect(seen.slice(0, -1).every((s) => s < PNG.length)).toBe(true);
    expect([...seen].sort((a, b) => a - b)).toEqual(seen);
    await org.client.confirmStimulus({ project_id: projectId, file_id: presign.file_id, file_ext: '.png', caption: 'First' });
    const second = await upload(JPEG, 'second.jpg', 'image/jpeg', 'Second');
    const list = await org.client.listStimuli(projectId);
    const mine = list.items.filter((s) => [presign.file_id, second.file_id].includes(s.stimuli_id));
    expect(mine.map((s) => s.caption)).toEqual(['First', 'Second']);
    expect(mine[0]!.display_order).toBeLessThan(mine[1]!.display_order);
    expect(mine[0]).toMatchObject({ video_url: null, question_items: [] });
    const media = await fetch(mine[0]!.image_url!);
    expect(media.status).toBe(200);
    expect(Buffer.from(await media.arrayBuffer()).equals(PNG)).toBe(true);
    const range = await fetch(mine[0]!.image_url!, { headers: { range: 'bytes=0-7' } });
    expect(range.status).toBe(206);
    expect(range.headers.get('content-range')).toBe(`bytes 0-7/${PNG.length}`);
    expect(Buffer.from(await range.arrayBuffer()).equals(PNG.subarray(0, 8))).toBe(true);
    const bad = await fetch(mine[0]!.image_url!, { headers: { range: `bytes=${PNG.length + 10}-` } });
    expect(bad.status).toBe(416);
  });

  it('confirm before the upload → 409 upload_missing; unknown file_id → 404', async () => {
    const p = await org.client.presignStimulus({ project_id: projectId, filename: 'late.png', content_type: 'image/png' });
    expect(await failure(org.client.confirmStimulus({ project_id: projectId, file_id: p.file_id, file_ext: '.png' }))).toMatchObject({
      status: 409,
      code: 'upload_missing',
    });
    expect(
      await failure(org.client.confirmStimulus({ project_id: projectId, file_id: '00000000-0000-4000-8000-000000000000', file_ext: '.png' })),
    ).toMatchObject({ status: 404 });
  });
});

describe('upload rules', () => {
  it('an expired presign is refused with 403 and nothing is stored', async () => {
    const p = await org.client.presignStimulus({ project_id: projectId, filename: 'old.png', content_type: 'image/png' });
    clock.advance(61_000);
    expect(await failure(org.client.uploadStimulus(p, source(PNG, 'old.png')))).toMatchObject({ status: 403, code: 'upload_expired' });
    expect(await failure(org.client.confirmStimulus({ project_id: projectId, file_id: p.file_id, file_ext: '.png' }))).toMatchObject({
      code: 'upload_missing',
    });
  });

  it('contents that are not the declared format are refused', async () => {
    const p = await org.client.presignStimulus({ project_id: projectId, filename: 'fake.png', content_type: 'image/png' });
    expect(await failure(org.client.uploadStimulus(p, source(JPEG, 'fake.png')))).toMatchObject({ status: 400, code: 'unsupported_format' });
  });

  it('files over the limit are refused at presign (declared size) and at upload (actual bytes)', async () => {
    expect(
      await failure(
        org.client.presignStimulus({ project_id: projectId, filename: 'big.png', content_type: 'image/png', file_size_bytes: 10 * 1024 * 1024 + 1 }),
      ),
    ).toMatchObject({ status: 400, code: 'file_too_large' });
    const p = await org.client.presignStimulus({ project_id: projectId, filename: 'big.png', content_type: 'image/png' });
    const big = Buffer.concat([PNG, Buffer.alloc(10 * 1024 * 1024)]);
    expect(await failure(org.client.uploadStimulus(p, source(big, 'big.png')))).toMatchObject({ status: 400, code: 'file_too_large' });
  });

  it('unsupported types and mismatched extensions are refused at presign', async () => {
    expect(await failure(org.client.presignStimulus({ project_id: projectId, filename: 'a.exe', content_type: 'application/x-msdownload' }))).toMatchObject({
      status: 400,
      code: 'unsupported_format',
    });
    expect(await failure(org.client.presignStimulus({ project_id: projectId, filename: 'a.jpg', content_type: 'image/png' }))).toMatchObject({
      status: 400,
      code: 'extension_mismatch',
    });
  });

  it('fields must come before the file; a tampered policy is refused', async () => {
    const p = await org.client.presignStimulus({ project_id: projectId, filename: 'order.png', content_type: 'image/png' });
    const fileFirst = new FormData();
    fileFirst.append('file', new Blob([PNG], { type: 'image/png' }), 'order.png');
    for (const [k, v] of Object.entries(p.upload_fields)) fileFirst.append(k, v);
    const r1 = await fetch(p.upload_url, { method: 'POST', body: fileFirst });
    expect(r1.status).toBe(400);
    expect(((await r1.json()) as { error: { message: string } }).error.message).toMatch(/before the file/);
    const tampered = new FormData();
    for (const [k, v] of Object.entries(p.upload_fields))
      tampered.append(
        k,
        k === 'policy' ? Buffer.from(JSON.stringify({ key: 'x', content_type: 'image/png', max_bytes: 1e12, expires: 9e9 })).toString('base64') : v,
      );
    tampered.append('file', new Blob([PNG], { type: 'image/png' }), 'order.png');
    const r2 = await fetch(p.upload_url, { method: 'POST', body: tampered });
    expect(r2.status).toBe(403);
  });

  it('stimuli belong to STIMULI projects only', async () => {
    const plain = await org.client.createProject(projectBody());
    expect(await failure(org.client.presignStimulus({ project_id: plain.id, filename: 'a.png', content_type: 'image/png' }))).toMatchObject({ status: 400 });
    expect((await org.client.listStimuli(plain.id)).items).toEqual([]);
  });
});

describe('assignment', () => {
  it('takes exact question texts; [] clears; caption null clears and omitted leaves it', async () => {
    const p = await upload(PNG, 'assign.png', 'image/png', 'Original caption');
    const r = await org.client.assignStimulus({ project_id: projectId, stimuli_id: p.file_id, question_items: [questions[1]!, questions[1]!] });
    expect(r).toEqual({ stimuli_id: p.file_id, question_items: [questions[1]], caption: 'Original caption' });
    const unknown = await failure(
      org.client.assignStimulus({ project_id: projectId, stimuli_id: p.file_id, question_items: ['Not a question of this guide'] }),
    );
    expect(unknown).toMatchObject({ status: 400, code: 'unknown_question' });
    expect((await org.client.assignStimulus({ project_id: projectId, stimuli_id: p.file_id, question_items: [], caption: null })).caption).toBeNull();
    const listed = (await org.client.listStimuli(projectId)).items.find((s) => s.stimuli_id === p.file_id)!;
    expect(listed.question_items).toEqual([]);
  });

  it('changing the questions clears assignments and says so; an unchanged list does not', async () => {
    const own = (await org.client.createProject(projectBody({ type: 'STIMULI' }))).id;
    const presign = await org.client.presignStimulus({ project_id: own, filename: 'c.png', content_type: 'image/png' });
    await org.client.uploadStimulus(presign, source(PNG, 'c.png'));
    await org.client.confirmStimulus({ project_id: own, file_id: presign.file_id, file_ext: '.png' });
    await org.client.assignStimulus({ project_id: own, stimuli_id: presign.file_id, question_items: [questions[0]!] });
    const same = await org.client.patchProject(own, { questions: projectBody().questions });
    expect(same.stimuli_cleared).toBe(false);
    const changed = await org.client.patchProject(own, { questions: [{ question: 'A brand new question?', probing_level: 'medium' }] });
    expect(changed.stimuli_cleared).toBe(true);
    expect((await org.client.listStimuli(own)).items[0]!.question_items).toEqual([]);
  });
});
