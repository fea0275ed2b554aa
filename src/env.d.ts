/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    /**
     * Read access the Fastify server hands to on-demand pages (src/app/site.ts passes it as
     * Astro's `locals`), so a page reads the database through the same services as the API,
     * without a second connection or an HTTP hop. Absent under `astro dev`: pages then fetch /api.
     */
    data?: {
      tournament(
        id: string,
        viewerToken?: string | null,
      ): Promise<import('./features/tournaments/contract.ts').Tournament | null>;
      /** published news, newest first */
      news(opts: {
        limit: number;
        offset: number;
      }): Promise<{ data: import('./features/news/contract.ts').NewsArticle[]; total: number }>;
      /** one published article; null for a draft or a missing one */
      newsArticle(id: string): Promise<import('./features/news/contract.ts').NewsArticle | null>;
      /** the winter campaign (/cortina) with its windows' states and the server's clock */
      campaign(): Promise<import('./features/campaign/contract.ts').Campaign>;
      /** one phase's public standings (phase 1..4, already validated by the page) */
      campaignStandings(
        phase: number,
        opts: { limit: number; offset: number },
      ): Promise<import('./features/campaign/contract.ts').Standings>;
      /** a page of the brand's tournaments for anonymous readers: one competition's, or those not yet ended */
      tournaments(opts: {
        competitionId?: string | null;
        limit: number;
      }): Promise<{ data: import('./features/tournaments/contract.ts').Tournament[]; total: number }>;
      /**
       * a tournament's bracket (empty before generation); null when the tournament is missing or not a bracket format
       */
      bracket(tournamentId: string): Promise<import('./features/brackets/contract.ts').Bracket | null>;
      /** a battle-royale tournament's standings (frozen once final); null for an unknown tournament */
      standings(tournamentId: string): Promise<import('./features/results/contract.ts').Standings | null>;
      /** a player's public page from `offset` in their history; null for an unknown or hidden player */
      player(username: string, offset: number): Promise<import('./features/players/contract.ts').PlayerProfile | null>;
    };
  }
}
