import LayoutModel

/// The frames a table's rows put in the table scene's frames: each row's (0, y, T, h) and
/// every view below a row, from the row's own layout when it is fitted and zero when it is
/// not (formats.md 2.1: unchecked, but the same on every backend).
extension TableLayout {
  /// Writes every row's frame and every view's in a row. O(views).
  func writeFrames(of scene: Scene, into frames: UnsafeMutableBufferPointer<Rect>) {
    scene.rowSlots.withUnsafeBufferPointer { rowSlots in
      scene.parentSlots.withUnsafeBufferPointer { parents in
        for v in rowSlots.indices where rowSlots[v] >= 0 && parents[v] != Scene.removedSlot { frames[v] = .zero }
      }
    }
    for p in placements.indices {
      writeRowFrames(p, from: 0, scene, into: frames)
      for row in placements[p].rows where fittedHeight(of: row) != nil { writeSubtree(of: row, scene, into: frames) }
    }
  }

  /// Brings `frames`, the driver's copy of the table scene's frames, up to date after a
  /// layout: every frame of the rows (`full`, after the driver read the backend's frames
  /// again), or only those that changed since the last call — the rows from the first
  /// whose height or top changed, and the subtrees of rows fitted, fitted again or
  /// returned to the estimate. O(views) when full; else O(rows after the first change +
  /// those subtrees), so a scroll writes what it fitted and the rows below it.
  func applyFrames(of scene: Scene, into frames: UnsafeMutableBufferPointer<Rect>, full: Bool) {
    if full {
      writeFrames(of: scene, into: frames)
    } else {
      for p in placements.indices { writeRowFrames(p, from: placements[p].firstUnwritten, scene, into: frames) }
      for row in rewrittenRows {
        if fittedHeight(of: row) != nil {
          writeSubtree(of: row, scene, into: frames)
        } else {
          clearSubtree(of: row, scene, into: frames)
        }
      }
    }
    for p in placements.indices { placements[p].markWritten() }
    rewrittenRows.removeAll(keepingCapacity: true)
  }

  /// Rows `first...` of table `p`: (0, y, T, h). O(rows written).
  private func writeRowFrames(_ p: Int, from first: Int, _ scene: Scene, into frames: UnsafeMutableBufferPointer<Rect>) {
    let (width, removed) = (placements[p].width, Scene.removedSlot)
    scene.parentSlots.withUnsafeBufferPointer { parents in
      placements[p].rows.withUnsafeBufferPointer { rows in
        placements[p].heights.withUnsafeBufferPointer { heights in
          placements[p].tops.withUnsafeBufferPointer { tops in
            for k in first..<rows.count where parents[rows[k].index] != removed {
              frames[rows[k].index] = Rect(x: 0, y: tops[k], width: width, height: heights[k])
            }
          }
        }
      }
    }
  }

  /// A fitted row's subtree, from its own layout. O(row's views).
  private func writeSubtree(of row: ViewIndex, _ scene: Scene, into frames: UnsafeMutableBufferPointer<Rect>) {
    guard row.index < fitSlot.count, fitSlot[row.index] >= 0 else { return }
    let slot = Int(fitSlot[row.index])
    fits[slot].indices.withUnsafeBufferPointer { indices in
      fits[slot].frames.withUnsafeBufferPointer { local in
        for j in indices.indices where indices[j].index != row.index && scene.parentSlots[indices[j].index] != Scene.removedSlot {
          frames[indices[j].index] = local[j]
        }
      }
    }
  }

  /// Zero frames for the subtree of a row returned to the estimate: the views of its last
  /// fit, which are its subtree (a view added to the row since comes with a change, after
  /// which the driver writes every frame). O(row's views).
  private func clearSubtree(of row: ViewIndex, _ scene: Scene, into frames: UnsafeMutableBufferPointer<Rect>) {
    guard row.index < fitSlot.count, fitSlot[row.index] >= 0 else { return }
    fits[Int(fitSlot[row.index])].indices.withUnsafeBufferPointer { indices in
      for v in indices where v.index != row.index && scene.parentSlots[v.index] != Scene.removedSlot { frames[v.index] = .zero }
    }
  }
}
