import type { FastifyInstance } from 'fastify';
import * as UserRepository from '../server/repositories/user-repository.ts';
import { hashPassword } from '../server/passwords.ts';

export interface DemoAccount {
  role: string;
  email: string;
  password: string;
}

/**
 * Demo content, written once into an empty database (SEED_DEMO). The passwords are printed on
 * start so a first-time user can log in straight away; a real deployment sets SEED_DEMO=false.
 */
export async function seedDemo(app: FastifyInstance): Promise<DemoAccount[]> {
  const db = app.db.kysely;
  if ((await UserRepository.countByOwner(db, app.config.ownerId)) > (app.config.adminEmail ? 1 : 0)) return [];
  const accounts = [
    { role: 'SiteAdmin', username: 'admin', email: 'admin@demo.arena', password: 'demo-admin-2026', roles: ['SiteAdmin'], language: 'it' as const },
    { role: 'player', username: 'giulia', email: 'giulia@demo.arena', password: 'demo-player-2026', roles: [], language: 'it' as const },
    { role: 'player', username: 'alex', email: 'alex@demo.arena', password: 'demo-player-2026', roles: [], language: 'en' as const },
  ];
  const created: DemoAccount[] = [];
  for (const a of accounts) {
    const result = await UserRepository.create(db, {
      owner: app.config.ownerId,
      username: a.username,
      email: a.email,
      passwordHash: await hashPassword(a.password),
      nickname: a.username,
      gender: 'nonbinary',
      birthDate: '2000-01-01',
      language: a.language,
      country: 'Italy',
      roles: a.roles,
    });
    if (result.ok) created.push({ role: a.role, email: a.email, password: a.password });
  }
  return created;
}
