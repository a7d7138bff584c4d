/** Someone a record or task names: a user or a bot, by id (the directory knows the names). */
export interface Person {
  kind: 'user' | 'bot';
  id: string;
}
