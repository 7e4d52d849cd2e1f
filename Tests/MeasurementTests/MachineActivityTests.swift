@testable import Measurement
import Testing

/// Reading /proc for the CPU time other processes use while the gate measures.
struct MachineActivityTests {
  @Test func busyTicksLeaveOutIdleAndIowait() {
    let stat = "cpu  3017534 1096 155036 1368183 7231 0 964 1459 0 0\ncpu0 1 2 3 4 5 6 7 8 0 0\n"
    #expect(MachineActivity.busyTicks(procStat: stat) == 3_017_534 + 1_096 + 155_036 + 0 + 964 + 1_459)
    #expect(MachineActivity.busyTicks(procStat: "intr 1 2 3\n") == nil)
    #expect(MachineActivity.busyTicks(procStat: "cpu  1 2 3\n") == nil)
  }

  @Test func ownTicksAreCountedAfterTheCommandName() {
    // A command name with spaces and a parenthesis in it.
    let stat = "4242 (my (odd) bench) R 1 4242 4242 0 -1 4194560 1 0 0 0 250 31 0 0 20 0 1 0 100 1000 100"
    // utime 250 + stime 31 + cutime 0 + cstime 0; children's time counts as this process's.
    #expect(MachineActivity.ownTicks(procSelfStat: stat) == 281)
    let withChildren = "4242 (bench) S 1 4242 4242 0 -1 4194560 1 0 0 0 250 31 400 19 20 0 1 0 100 1000 100"
    #expect(MachineActivity.ownTicks(procSelfStat: withChildren) == 700)
    #expect(MachineActivity.ownTicks(procSelfStat: "4242 (short) R 1") == nil)
  }

  @Test func otherProcessesAreWhatIsLeftOfTheBusyTicks() throws {
    let start = MachineActivity.Reading(busyTicks: 1000, ownTicks: 100, wallNanoseconds: 0)
    // One second (100 ticks): 150 busy ticks, 80 of them ours: 0.7 CPUs used by others.
    let end = MachineActivity.Reading(busyTicks: 1150, ownTicks: 180, wallNanoseconds: 1_000_000_000)
    let others = try #require(MachineActivity.otherBusyCPUs(from: start, to: end))
    #expect(abs(others - 0.7) < 1e-12)
    #expect(MachineActivity.otherBusyCPUs(from: start, to: MachineActivity.Reading(busyTicks: 1000, ownTicks: 100, wallNanoseconds: 10_000_000)) == nil)
  }

  @Test func thisProcessCanBeRead() throws {
    let reading = try #require(MachineActivity.read())
    #expect(reading.busyTicks > 0)
  }
}
