// Sanmill's own judgement of a game, for make_games.py.
//
// Built against the object files of Sanmill's console engine (its src/*.o
// without main.o; see README.md), so that every verdict comes from Sanmill's
// own Position class under the rule options the engine was given.
//
// Reads commands on stdin, one a line, and answers each with one line:
//   setoption name <Name> value <Value>   -> "ok" (or "error no such option")
//   replay [<token> ...]                   -> "state ..." (see below)
//   replayfen <fen> [<token> ...]          -> the same from Sanmill's FEN <fen>
//                                             ('_' for its spaces; Position::set)
//   rule                                   -> the engine's Rule struct as one line of JSON
//   quit
//
// "replay" starts from Sanmill's start position for the current rules and
// plays the tokens ("d6", "a1-a4", "xd6") exactly as the engine's UCI
// "position startpos moves ..." does (src/engine_commands.cpp,
// EngineCommands::position): each token must be one of the position's legal
// moves, and the repetition history (posKeyHistory) gets the key after each
// sliding move and is cleared after each placement or removal. The answer:
//   state applied=<n> phase=<ready|placing|moving|gameOver> action=<place|select|remove>
//         side=<white|black> winner=<white|black|draw|none> reason=<GameOverReason>
//         searchdraw=<none|drawFiftyMove|drawEndgameFiftyMove|drawThreefoldRepetition>
//         fen=<fen with '_' for spaces> legal=<comma-separated tokens>
// where <n> is the number of tokens applied before the first that was not a
// legal move (or the game was over), and searchdraw says which draw the
// engine's search would declare before moving in this position (the checks
// at the start of SearchEngine::executeSearch, src/search_engine.cpp, that
// make the engine answer "bestmove draw").

#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "bitboard.h"
#include "engine_commands.h"
#include "movegen.h"
#include "option.h"
#include "position.h"
#include "rule.h"
#include "search.h"
#include "uci.h"

namespace {

const char *reason_name(GameOverReason r)
{
    switch (r) {
    case GameOverReason::None:
        return "None";
    case GameOverReason::loseFewerThanThree:
        return "loseFewerThanThree";
    case GameOverReason::loseNoLegalMoves:
        return "loseNoLegalMoves";
    case GameOverReason::loseFullBoard:
        return "loseFullBoard";
    case GameOverReason::loseResign:
        return "loseResign";
    case GameOverReason::loseTimeout:
        return "loseTimeout";
    case GameOverReason::drawThreefoldRepetition:
        return "drawThreefoldRepetition";
    case GameOverReason::drawFiftyMove:
        return "drawFiftyMove";
    case GameOverReason::drawEndgameFiftyMove:
        return "drawEndgameFiftyMove";
    case GameOverReason::drawFullBoard:
        return "drawFullBoard";
    case GameOverReason::drawStalemateCondition:
        return "drawStalemateCondition";
    }
    return "unknown";
}

const char *phase_name(Phase p)
{
    switch (p) {
    case Phase::none:
        return "none";
    case Phase::ready:
        return "ready";
    case Phase::placing:
        return "placing";
    case Phase::moving:
        return "moving";
    case Phase::gameOver:
        return "gameOver";
    }
    return "unknown";
}

const char *action_name(Action a)
{
    switch (a) {
    case Action::none:
        return "none";
    case Action::select:
        return "select";
    case Action::place:
        return "place";
    case Action::remove:
        return "remove";
    }
    return "unknown";
}

const char *color_name(Color c)
{
    switch (c) {
    case WHITE:
        return "white";
    case BLACK:
        return "black";
    case DRAW:
        return "draw";
    default:
        return "none";
    }
}

// The draw checks at the start of SearchEngine::executeSearch().
const char *search_draw(Position &pos)
{
    const bool movingOrMayMoveInPlacing =
        (pos.get_phase() == Phase::moving) ||
        (pos.get_phase() == Phase::placing && rule.mayMoveInPlacingPhase);
    if (!movingOrMayMoveInPlacing) {
        return "none";
    }
    if (posKeyHistory.size() >= rule.nMoveRule) {
        return "drawFiftyMove";
    }
    if (rule.endgameNMoveRule < rule.nMoveRule && pos.is_three_endgame() &&
        posKeyHistory.size() >= rule.endgameNMoveRule) {
        return "drawEndgameFiftyMove";
    }
    if (rule.threefoldRepetitionRule && pos.has_game_cycle()) {
        return "drawThreefoldRepetition";
    }
    return "none";
}

std::string capture_json(const CaptureRuleConfig &c)
{
    std::ostringstream ss;
    ss << std::boolalpha << "{\"enabled\": " << c.enabled
       << ", \"onSquareEdges\": " << c.onSquareEdges
       << ", \"onCrossLines\": " << c.onCrossLines
       << ", \"onDiagonalLines\": " << c.onDiagonalLines
       << ", \"inPlacingPhase\": " << c.inPlacingPhase
       << ", \"inMovingPhase\": " << c.inMovingPhase
       << ", \"onlyAvailableWhenOwnPiecesLeq3\": "
       << c.onlyAvailableWhenOwnPiecesLeq3 << "}";
    return ss.str();
}

// Every field of Sanmill's Rule struct (src/rule.h) as the engine holds it.
void print_rule()
{
    std::cout << std::boolalpha << "{\"name\": \"" << rule.name
              << "\", \"description\": \"" << rule.description
              << "\", \"pieceCount\": " << rule.pieceCount
              << ", \"flyPieceCount\": " << rule.flyPieceCount
              << ", \"piecesAtLeastCount\": " << rule.piecesAtLeastCount
              << ", \"hasDiagonalLines\": " << rule.hasDiagonalLines
              << ", \"millFormationActionInPlacingPhase\": "
              << static_cast<int>(rule.millFormationActionInPlacingPhase)
              << ", \"mayMoveInPlacingPhase\": " << rule.mayMoveInPlacingPhase
              << ", \"isDefenderMoveFirst\": " << rule.isDefenderMoveFirst
              << ", \"mayRemoveMultiple\": " << rule.mayRemoveMultiple
              << ", \"restrictRepeatedMillsFormation\": "
              << rule.restrictRepeatedMillsFormation
              << ", \"mayRemoveFromMillsAlways\": "
              << rule.mayRemoveFromMillsAlways
              << ", \"oneTimeUseMill\": " << rule.oneTimeUseMill
              << ", \"boardFullAction\": "
              << static_cast<int>(rule.boardFullAction)
              << ", \"stopPlacingWhenTwoEmptySquares\": "
              << rule.stopPlacingWhenTwoEmptySquares
              << ", \"stalemateAction\": "
              << static_cast<int>(rule.stalemateAction)
              << ", \"custodianCapture\": "
              << capture_json(rule.custodianCapture)
              << ", \"interventionCapture\": "
              << capture_json(rule.interventionCapture)
              << ", \"leapCapture\": " << capture_json(rule.leapCapture)
              << ", \"mayFly\": " << rule.mayFly
              << ", \"nMoveRule\": " << rule.nMoveRule
              << ", \"endgameNMoveRule\": " << rule.endgameNMoveRule
              << ", \"threefoldRepetitionRule\": "
              << rule.threefoldRepetitionRule << "}" << std::endl;
}

void replay(std::istringstream &is, bool from_fen = false)
{
    Position pos;
    EngineCommands::init_start_fen();
    posKeyHistory.clear();
    if (from_fen) {
        // (the position to start from: a FEN with '_' for its spaces)
        std::string fen;
        is >> fen;
        for (char &c : fen) {
            if (c == '_') {
                c = ' ';
            }
        }
        pos.set(fen);
    } else {
        pos.set(EngineCommands::StartFEN);
    }

    int applied = 0;
    std::string token;
    while (is >> token) {
        if (pos.get_phase() == Phase::gameOver) {
            break;
        }
        const Move m = UCI::to_move(&pos, token);
        if (m == MOVE_NONE) {
            break;
        }
        pos.do_move(m);
        if (type_of(m) == MOVETYPE_MOVE) {
            posKeyHistory.push_back(pos.key());
        } else {
            posKeyHistory.clear();
        }
        applied++;
    }

    std::string fen = pos.fen();
    for (char &c : fen) {
        if (c == ' ') {
            c = '_';
        }
    }

    std::string legal;
    if (pos.get_phase() != Phase::gameOver) {
        for (const auto &m : MoveList<LEGAL>(pos)) {
            if (!legal.empty()) {
                legal += ",";
            }
            legal += UCI::move(m);
        }
    }

    std::cout << "state applied=" << applied
              << " phase=" << phase_name(pos.get_phase())
              << " action=" << action_name(pos.get_action())
              << " side=" << color_name(pos.side_to_move())
              << " winner=" << color_name(pos.get_winner())
              << " reason=" << reason_name(pos.gameOverReason)
              << " searchdraw=" << search_draw(pos) << " fen=" << fen
              << " legal=" << legal << std::endl;
}

} // namespace

int main()
{
    UCI::init(Options);
    Bitboards::init();
    Position::init();

    std::string line;
    while (std::getline(std::cin, line)) {
        std::istringstream is(line);
        std::string cmd;
        is >> cmd;
        if (cmd == "quit") {
            break;
        } else if (cmd == "setoption") {
            std::string tok, name, value;
            is >> tok; // "name"
            while (is >> tok && tok != "value") {
                name += (name.empty() ? "" : " ") + tok;
            }
            while (is >> tok) {
                value += (value.empty() ? "" : " ") + tok;
            }
            if (Options.count(name)) {
                Options[name] = value;
                std::cout << "ok" << std::endl;
            } else {
                std::cout << "error no such option " << name << std::endl;
            }
        } else if (cmd == "rule") {
            print_rule();
        } else if (cmd == "replay") {
            replay(is);
        } else if (cmd == "replayfen") {
            replay(is, true);
        } else {
            std::cout << "error unknown command" << std::endl;
        }
    }
    return 0;
}
