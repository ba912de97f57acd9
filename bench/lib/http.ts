/** The JSON body of an answer, or an error naming the URL, status and body when it is not 2xx. */
export async function json<T>(response: Response): Promise<T> {
  if (!response.ok) throw new Error(`${response.url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** POST with a JSON body. */
export const post = (url: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
