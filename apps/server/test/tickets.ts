import type { FastifyInstance } from 'fastify';

/**
 * A ticket made as the support screen makes one (multipart, `data` JSON) by whoever `auth`
 * names, for `project`; answers its id, or throws with the answer.
 */
export async function createTicketAs(
  app: FastifyInstance,
  auth: Record<string, string>,
  project: string,
  title: string,
  text = '<p>Where is my drop?</p>',
): Promise<string> {
  const form = new FormData();
  form.append('data', JSON.stringify({ title, text }));
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  const res = await app.inject({
    method: 'POST',
    url: '/api/support/create-ticket',
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { ...auth, project, 'content-type': request.headers.get('content-type')! },
  });
  if (res.statusCode !== 200) throw new Error(`create-ticket ${res.statusCode}: ${res.body}`);
  return res.json<{ data: { id: string } }>().data.id;
}
