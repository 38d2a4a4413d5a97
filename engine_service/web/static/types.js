// @ts-check
// The shapes the page handles, in the API's proto3 JSON (lowerCamelCase names, enums by
// name, int64 as strings, fields at their zero value left out): for the type checker only.

/**
 * @typedef {{ seat: number, token: string }} Credential  A seat and its secret token.
 * @typedef {{ card: string, rank?: string, suit?: string, effectiveSuit?: string, role?: string, red?: boolean }} CardInfo
 * @typedef {{ pass?: {}, take?: {}, call?: { suit?: string }, discard?: { card?: string }, give?: { cards?: string[] },
 *   declare?: { declare?: boolean }, play?: { card?: string }, nextDeal?: {} }} Move
 * @typedef {{ seat?: number, card?: string }} PlayedCard
 * @typedef {{ leader?: number, cards?: PlayedCard[], winner?: number, points?: number }} Trick
 * @typedef {{ kind?: string, cards?: string[], value?: number }} Combination
 * @typedef {{ seat?: number, combinations?: Combination[] }} RevealedDeclaration
 * @typedef {Record<string, any> & { dealNumber?: number, outcome?: string, taker?: number, trump?: string,
 *   tricks?: number[], cardPoints?: number[], scores?: number[] }} DealResult
 * @typedef {Record<string, any> & { kind: string, seat?: number }} GameEvent  One event; its payload under the kind's camelCase name.
 * @typedef {{ version?: string, seat?: number, events?: GameEvent[], at?: number }} GameChange
 * @typedef {Record<string, any> & { gameId?: string, variant?: string, status?: string, version?: string,
 *   viewer?: number, phase?: string, dealNumber?: number, toAct?: number[], scores?: number[], hand?: string[],
 *   deck?: CardInfo[], trick?: PlayedCard[], tricks?: Trick[], results?: DealResult[], legalMoves?: Move[],
 *   cardSelection?: { count?: number, cards?: string[] }, seats?: Record<string, any>[], trump?: string }} GameView
 */

export {};
