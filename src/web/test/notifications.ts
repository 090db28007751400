/** A row of `GET notification` for tests: note `id` to Asha Verma (KG) from Amara Okafor. */
export const noteRow = (id: number, unread: boolean) => ({
  id,
  name: 'Asha Verma',
  classes: 'KG',
  notification: `Note ${id}`,
  from: 'Amara Okafor',
  createdAt: '2026-11-20T08:00:00.000Z',
  unread,
});
