import type { TournamentStatus } from '../../rules.ts';

/** Translation names of the tournament status values 0, 1, 2 (dashboard.status.*). */
export const statusNames = { 0: 'notStarted', 1: 'ongoing', 2: 'ended' } as const satisfies Record<
  TournamentStatus,
  string
>;

/** The values of a status <select>: '' lets the schedule decide (null), else the admin's 0/1/2. */
export type StatusChoice = '' | '0' | '1' | '2';
export const statusChoices: StatusChoice[] = ['', '0', '1', '2'];

export const statusChoiceLabel = (choice: StatusChoice) =>
  choice === '' ? 'dashboard.status.schedule' : `dashboard.status.${statusNames[Number(choice) as TournamentStatus]}`;

export const toStatusChoice = (status: TournamentStatus | null | undefined): StatusChoice =>
  status === null || status === undefined ? '' : (String(status) as StatusChoice);
export const fromStatusChoice = (choice: StatusChoice): TournamentStatus | null =>
  choice === '' ? null : (Number(choice) as TournamentStatus);
